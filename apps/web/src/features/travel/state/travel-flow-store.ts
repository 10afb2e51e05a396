import { formatDmy, type TLocalDate } from '@lionrock/domain/dates/local-date';
import type { TLanguage } from '@lionrock/domain/environment/language';
import type { TCountry } from '@lionrock/domain/market/market';
import type { TPolicyInput, TWirePremiumItem } from '@lionrock/domain/schemas/policy-schema';
import {
  annualEndDate,
  DEFAULT_JOURNEY_CODE,
  destinationOf,
  policyTravellerFields,
  type TJourneyCode,
  type TTravellers,
  type TTripType,
} from '@lionrock/domain/travel/trip-rules';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { TCheckoutPolicy } from '../../checkout/checkout-product';
import {
  answeredCampaign,
  checkoutCore,
  checkoutPersistence,
  journeyForNewQuote,
  type TCampaignRef,
  type TCheckoutState,
  withoutCardFields,
} from '../../checkout/state/checkout-store';
import { JOURNEY_KEYS } from '../../checkout/state/journeys';

export type TTravelPolicy = TCheckoutPolicy<'policyTravel'>;
export type { TCampaignRef } from '../../checkout/state/checkout-store';
export { withoutCardFields } from '../../checkout/state/checkout-store';

/** The checkout core (decision 044) with the travel quote's own state and actions. */
type TTravelFlowState = TCheckoutState<'policyTravel'> & {
  /** The plans multirate answered (STANDARD, SUPER); empty until quoted, and again once the trip changes. */
  plans: TWirePremiumItem[];
  /**
   * A landing opened by another link than the journey's: what that link says replaces what an earlier
   * link left (its campaign, its promo code, a quote priced under them); the trip itself is kept.
   */
  startLink(link: string, promo: string): void;
  setTripType(tripType: TTripType): void;
  setDestination(journeyCode: TJourneyCode): void;
  /** Dates as the customer picked them; an annual plan ends one year after departure minus one day. */
  setDates(departure: TLocalDate | null, returnDate: TLocalDate | null): void;
  /** Closing the traveller picker stores the selection the spec's way; null is "not chosen yet". */
  setTravellers(selection: TTravellers | null): void;
  setPromo(promo: string): void;
  setCampaign(campaign: TCampaignRef | null): void;
  setMarket(market: {
    country: TCountry;
    lang: TLanguage;
    agentCode?: string;
    subAgentId?: string;
    staffCode?: string;
  }): void;
  /** The multirate answer: its plans become the quote. */
  setQuoted(answer: TPolicyInput, initialUrl: string): void;
  /** A plan re-priced by the server (a 409 on rate) replaces the one shown. */
  updatePlan(item: TWirePremiumItem): void;
  /** The plan card the customer chose, as shown (a Plus card when the top-up is on). */
  choosePlan(item: TWirePremiumItem, topUp: boolean): void;
};

function emptyPolicy(): TTravelPolicy {
  const destination = destinationOf(DEFAULT_JOURNEY_CODE);
  return {
    productType: 'PTR',
    country: 'SGP',
    lang: 'en',
    paymentSuccess: 'false',
    policyTravel: {
      deptDate: '',
      returnDate: '',
      paPolicyType: 'S',
      travellerType: 'ID',
      isTravellerSelected: false,
      travellerIndividual: 0,
      travellerAdult: 0,
      travellerChild: 0,
      journeyCode: destination.journeyCode,
      journey: destination.journey,
      journeyCh: destination.journeyCh,
      premiumItems: [],
      premiumTopUps: [],
      topUpSelected: false,
      selectedTopUp: 'false',
    },
  };
}

const STALE_QUOTE = {
  premiumItems: [],
  premiumTopUps: [],
  policyPremium: undefined,
  topUpSelected: false,
  selectedTopUp: 'false',
  totalDueAmount: undefined,
  totalDiscount: undefined,
};

/** The journey in sessionStorage (its key is also read by the landing's pre-render guard). */
export const TRAVEL_FLOW_STORE_KEY = JOURNEY_KEYS.travel;

export const useTravelFlowStore = create<TTravelFlowState>()(
  persist(
    (set) => {
      /** A change to the trip makes the quote stale: the plans go, the policy (and its policyId) stays. */
      const changeTrip = (
        change: (travel: TTravelPolicy['policyTravel']) => Partial<TTravelPolicy['policyTravel']>,
      ) =>
        set((state) => ({
          plans: [],
          policy: {
            ...state.policy,
            policyTravel: {
              ...state.policy.policyTravel,
              ...STALE_QUOTE,
              ...change(state.policy.policyTravel),
            },
          },
        }));
      return {
        ...checkoutCore<'policyTravel', TTravelFlowState>(set, emptyPolicy, { plans: [] }),
        plans: [],
        startLink: (link, promo) =>
          set((state) => ({
            link,
            plans: [],
            campaign: null,
            policy: {
              ...state.policy,
              campaign: null,
              promo,
              policyTravel: { ...state.policy.policyTravel, ...STALE_QUOTE, promotionCode: promo },
            },
          })),
        setTripType: (tripType) => changeTrip(() => ({ paPolicyType: tripType })),
        setDestination: (journeyCode) =>
          changeTrip(() => {
            const destination = destinationOf(journeyCode);
            return { journeyCode, journey: destination.journey, journeyCh: destination.journeyCh };
          }),
        setDates: (departure, returnDate) =>
          changeTrip((travel) => {
            const end = travel.paPolicyType === 'A' && departure ? annualEndDate(departure) : returnDate;
            return { deptDate: departure ? formatDmy(departure) : '', returnDate: end ? formatDmy(end) : '' };
          }),
        setTravellers: (selection) =>
          changeTrip(() => {
            if (!selection)
              return {
                isTravellerSelected: false,
                travellerType: 'ID',
                travellerIndividual: 0,
                travellerAdult: 0,
                travellerChild: 0,
              };
            return policyTravellerFields(selection);
          }),
        setPromo: (promo) =>
          set((state) => ({
            plans: [],
            policy: {
              ...state.policy,
              promo,
              policyTravel: { ...state.policy.policyTravel, ...STALE_QUOTE, promotionCode: promo },
            },
          })),
        setCampaign: (campaign) =>
          set((state) => ({
            campaign,
            policy: {
              ...state.policy,
              campaign: campaign
                ? {
                    campaignId: campaign.campaignId,
                    campaignCode: campaign.campaignCode,
                    catalogueCode: campaign.catalogueCode,
                  }
                : null,
            },
          })),
        setMarket: ({ country, lang, agentCode, subAgentId, staffCode }) =>
          set((state) => {
            const journey = journeyForNewQuote(state.policy, emptyPolicy);
            return {
              policy: {
                ...journey,
                country,
                lang,
                agentCode: agentCode || undefined,
                subAgentId: subAgentId || undefined,
                policyTravel: { ...journey.policyTravel, staffCode: staffCode || undefined },
              },
            };
          }),
        setQuoted: (answer, initialUrl) =>
          set((state) => {
            const policy = withoutCardFields({ ...state.policy, ...answer }) as TTravelPolicy;
            return {
              policy,
              plans: policy.policyTravel.premiumItems ?? [],
              initialUrl,
              campaign: answeredCampaign(state.campaign, answer),
            };
          }),
        updatePlan: (item) =>
          set((state) => ({
            plans: state.plans.map((plan) => (plan.planName === item.planName ? item : plan)),
          })),
        choosePlan: (item, topUp) =>
          set((state) => ({
            policy: {
              ...state.policy,
              policyTravel: {
                ...state.policy.policyTravel,
                policyPremium: item,
                topUpSelected: topUp,
                selectedTopUp: topUp ? item.planName : 'false',
              },
            },
          })),
      };
    },
    checkoutPersistence<'policyTravel', TTravelFlowState>(TRAVEL_FLOW_STORE_KEY, (state) => ({
      plans: state.plans,
    })),
  ),
);
