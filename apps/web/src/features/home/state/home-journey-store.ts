import type { TLanguage } from '@lionrock/domain/environment/language';
import type { TCountry } from '@lionrock/domain/market/market';
import type { TPolicyInput, TWirePremiumItem } from '@lionrock/domain/schemas/policy-schema';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { TCheckoutPolicy } from '../../checkout/checkout-product';
import {
  checkoutCore,
  checkoutPersistence,
  journeyForNewQuote,
  type TCheckoutState,
} from '../../checkout/state/checkout-store';
import { JOURNEY_KEYS } from '../../checkout/state/journeys';

export type THomePolicy = TCheckoutPolicy<'policyHome'>;
export type THomePart = THomePolicy['policyHome'];

/**
 * The home journey (decision 059): the checkout core (state/checkout-store.ts, decision 044) and the
 * home quote's own state — the plans multirate answered. Kept in the tab's sessionStorage under
 * `lionrock.home`; card fields never reach it.
 */
export type THomeJourney = TCheckoutState<'policyHome'> & {
  plans: TWirePremiumItem[];
  /** The landing's answers (dwelling, occupancy, contents, covers, start date) and the market. */
  setQuoteInput(
    change: Partial<THomePart>,
    market: {
      country: TCountry;
      lang: TLanguage;
      agentCode?: string;
      campaign?: { campaignCode: string } | undefined;
      /** The landing's promotion code, checked there (pa-home-payments section 5). */
      promo?: string | undefined;
    },
  ): void;
  /** The landing's promotion code as it is typed, so a reload keeps it. */
  setPromo(promo: string): void;
  /** The multirate answer: its plans become the quote; the address and applicant already given stay. */
  setQuoted(answer: TPolicyInput, initialUrl: string): void;
  choosePlan(planName: THomePart['selectedPlan']): void;
  /** The applicant page's answers: the insured address and the policyholder. */
  setApplicant(change: Partial<THomePart>): void;
};

export function emptyHomePolicy(): THomePolicy {
  return {
    productType: 'PHM',
    country: 'SGP',
    lang: 'en',
    paymentSuccess: 'false',
    policyHome: {
      dwellingType: 'HDB',
      hdbFlatType: '4_ROOM',
      ownership: 'OWNER',
      contentsSumInsured: 30_000,
      optionalCovers: [],
      effectiveDate: '',
      premiumItems: [],
    },
  };
}

export const useHomeJourney = create<THomeJourney>()(
  persist(
    (set) => ({
      ...checkoutCore<'policyHome', THomeJourney>(set, emptyHomePolicy, { plans: [] }),
      plans: [],
      setQuoteInput: (change, market) =>
        set((state) => {
          const journey = journeyForNewQuote(state.policy, emptyHomePolicy);
          return {
            policy: {
              ...journey,
              country: market.country,
              lang: market.lang,
              agentCode: market.agentCode,
              campaign: market.campaign,
              promo: market.promo || undefined,
              // A new quote is not the stored one: its id and status go with the old prices.
              policyId: undefined,
              status: undefined,
              policyHome: { ...journey.policyHome, ...change, policyPremium: undefined },
            },
            plans: [],
          };
        }),
      setQuoted: (answer, initialUrl) =>
        set((state) => ({
          plans: answer.policyHome?.premiumItems ?? [],
          initialUrl,
          policy: {
            ...state.policy,
            policyHome: {
              ...state.policy.policyHome,
              premiumItems: answer.policyHome?.premiumItems ?? [],
              expiryDate: answer.policyHome?.expiryDate,
              // The quote page starts on the middle plan (travel-flow section 4's rule, every product).
              selectedPlan: state.policy.policyHome.selectedPlan ?? 'ENHANCED',
            },
          },
        })),
      setPromo: (promo) => set((state) => ({ policy: { ...state.policy, promo: promo || undefined } })),
      choosePlan: (planName) =>
        set((state) => ({
          policy: { ...state.policy, policyHome: { ...state.policy.policyHome, selectedPlan: planName } },
        })),
      setApplicant: (change) =>
        set((state) => ({
          policy: { ...state.policy, policyHome: { ...state.policy.policyHome, ...change } },
        })),
    }),
    checkoutPersistence<'policyHome', THomeJourney>(JOURNEY_KEYS.home, (state) => ({ plans: state.plans })),
  ),
);
