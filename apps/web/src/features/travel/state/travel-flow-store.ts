import { formatDmy, type TLocalDate } from '@lionrock/domain/dates/local-date';
import type { TLanguage } from '@lionrock/domain/environment/language';
import type { TCountry } from '@lionrock/domain/market/market';
import type { TPolicyInput, TWirePremiumItem } from '@lionrock/domain/schemas/policy-schema';
import {
  annualEndDate,
  closeTravellerPicker,
  DEFAULT_JOURNEY_CODE,
  destinationOf,
  type TJourneyCode,
  type TTravellers,
  type TTripType,
} from '@lionrock/domain/travel/trip-rules';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export type TTravelPolicy = TPolicyInput & { policyTravel: NonNullable<TPolicyInput['policyTravel']> };

/** The campaign the journey is priced under (travel-flow section 3, Campaign), as far as the flow needs it. */
export type TCampaignRef = {
  campaignId: number | null;
  campaignCode: string;
  catalogueCode: string;
  promoCodeRequired: boolean;
  /** The campaign's banner texts, kept so a reloaded quote page shows them at once (no layout shift). */
  marketingMessage?: string;
  marketingMessageCn?: string;
};

type TTravelFlowState = {
  /** The policy in its wire format (travel-flow section 3), product PTR. */
  policy: TTravelPolicy;
  /** The plans multirate answered (STANDARD, SUPER); empty until quoted, and again once the trip changes. */
  plans: TWirePremiumItem[];
  campaign: TCampaignRef | null;
  /** The landing address the quote started from: Back on the quote page returns there. */
  initialUrl: string | null;
  /** The landing link whose campaign and promo code the journey holds (decision 039). */
  link: string | null;
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
  /** The rate answer: the stored policy (it carries policyId). */
  setRated(answer: TPolicyInput): void;
  reset(): void;
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

/** Card details never reach browser storage, whatever an answer carries (pa-home-payments, PCI scope). */
const CARD_FIELD = /^(card|cvv|cvn|expiry|paymentCreditCardName)/i;

export function withoutCardFields<T extends TPolicyInput>(policy: T): T {
  if (!policy.payment) return policy;
  const payment = Object.fromEntries(Object.entries(policy.payment).filter(([key]) => !CARD_FIELD.test(key)));
  return { ...policy, payment };
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

/**
 * The campaign the server priced under (decision 038: a promo code finds its own campaign, whatever
 * the link named): the journey follows it, so its banner, its rules and its discount row are shown.
 */
function answeredCampaign(current: TCampaignRef | null, answer: TPolicyInput): TCampaignRef | null {
  const answered = answer.campaign;
  if (!answered?.campaignCode || answered.campaignCode === current?.campaignCode) return current;
  return {
    campaignId: answered.campaignId ?? null,
    campaignCode: answered.campaignCode,
    catalogueCode: answered.catalogueCode ?? '',
    promoCodeRequired: false,
  };
}

/** The journey in sessionStorage (its key is also read by the landing's pre-render guard). */
export const TRAVEL_FLOW_STORE_KEY = 'lionrock.travel';

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
        policy: emptyPolicy(),
        plans: [],
        campaign: null,
        initialUrl: null,
        link: null,
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
            const closed = closeTravellerPicker(selection);
            return {
              isTravellerSelected: true,
              travellerType: closed.travellerType,
              planType: closed.travellerType,
              insuredPersonType: closed.travellerType === 'FM' ? 'family' : 'individual',
              travellerIndividual: closed.individuals,
              travellerAdult: closed.adults,
              travellerChild: closed.children,
            };
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
          set((state) => ({
            policy: {
              ...state.policy,
              country,
              lang,
              agentCode: agentCode || undefined,
              subAgentId: subAgentId || undefined,
              policyTravel: { ...state.policy.policyTravel, staffCode: staffCode || undefined },
            },
          })),
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
        setRated: (answer) =>
          set((state) => ({
            policy: withoutCardFields({ ...state.policy, ...answer }) as TTravelPolicy,
            campaign: answeredCampaign(state.campaign, answer),
          })),
        reset: () => set({ policy: emptyPolicy(), plans: [], campaign: null, initialUrl: null, link: null }),
      };
    },
    {
      name: TRAVEL_FLOW_STORE_KEY,
      version: 1,
      storage: createJSONStorage(() => sessionStorage),
      partialize: (state) => ({
        policy: withoutCardFields(state.policy),
        plans: state.plans,
        campaign: state.campaign,
        initialUrl: state.initialUrl,
        link: state.link,
      }),
    },
  ),
);
