import type { TLanguage } from '@lionrock/domain/environment/language';
import type { TCountry } from '@lionrock/domain/market/market';
import type { TPolicyInput, TWirePremiumItem } from '@lionrock/domain/schemas/policy-schema';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { TCheckoutPolicy } from '../../checkout/checkout-product';
import {
  answeredCampaign,
  checkoutCore,
  checkoutPersistence,
  journeyForNewQuote,
  type TCheckoutState,
  withoutCardFields,
} from '../../checkout/state/checkout-store';
import { JOURNEY_KEYS } from '../../checkout/state/journeys';

type TPaPart = NonNullable<TPolicyInput['policyPAN']>;
export type TPaPolicy = TCheckoutPolicy<'policyPAN'>;
export type TPaPerson = NonNullable<NonNullable<TPaPart['insured']>['adult1']>;
export type TPaChild = NonNullable<NonNullable<TPaPart['insured']>['children']>[number];
export type TPaCover = 'PRX' | 'TTD';

/** What the landing and the occupation page ask (pa-home-payments section 2, Landing and Occupation). */
export type TPaCoverChoice = {
  insuredPersonType: 'individual' | 'family';
  numberOfAdults: 1 | 2;
  noOfChildren: number;
  occupations: string[];
};

/** The checkout core (decision 044: policy, campaign, setRated, reset) and PA's own quote state. */
type TPaFlowState = TCheckoutState<'policyPAN'> & {
  /** The plans multirate answered (A–D, D absent for class 03); empty until quoted and after a change. */
  plans: TWirePremiumItem[];
  setMarket(market: {
    country: TCountry;
    lang: TLanguage;
    agentCode?: string;
    subAgentId?: string;
    /** The campaign a landing link names (/pa/campaign/{code}); none prices under the direct campaign. */
    campaignCode?: string;
  }): void;
  /**
   * A new cover: the plans are stale until priced again. From the people's pages (`keepPlan`) the plan
   * chosen stays chosen while the family is re-priced, so the page stays where it is (section 4).
   */
  setCover(choice: TPaCoverChoice, options?: { keepPlan?: boolean }): void;
  setPromo(promo: string): void;
  setUnderwriting(answers: {
    riskStatementDeclared: boolean;
    residency?: TPaPart['residency'];
    largestClaimInThreeYears?: number;
  }): void;
  setEffectiveDate(effectiveDate: string): void;
  /** Optional covers of one adult (index 0 or 1); the caller re-prices the plans (multirate). */
  setCovers(adult: 0 | 1, covers: TPaCover[]): void;
  setQuoted(answer: TPolicyInput): void;
  choosePlan(plan: 'A' | 'B' | 'C' | 'D'): void;
  /** The people of the apply pages; a change of the family re-rates (pa-home-payments section 4). */
  setPeople(people: {
    applicant?: TPaPart['applicant'];
    adult1?: TPaPerson;
    adult2?: TPaPerson;
    children?: TPaChild[];
  }): void;
};

function emptyPolicy(): TPaPolicy {
  return {
    productType: 'PAN',
    country: 'SGP',
    lang: 'en',
    paymentSuccess: 'false',
    policyPAN: {
      insuredPersonType: 'individual',
      family: { numberOfAdults: 1, noOfChildren: 0 },
      insured: { adult1: { occupation: '', optionalCovers: [] }, children: [] },
      effectiveDate: '',
      riskStatementDeclared: false,
      premiumItems: [],
    },
  };
}

const STALE_QUOTE = { premiumItems: [], policyPremium: undefined, selectedPlan: undefined };

/** The journey in sessionStorage, apart from travel's (a visit may hold both). */
export const PA_FLOW_STORE_KEY = JOURNEY_KEYS.pa;

export const usePaFlowStore = create<TPaFlowState>()(
  persist(
    (set) => {
      const change = (update: (pa: TPaPart) => Partial<TPaPart>, keepQuote = false) =>
        set((state) => ({
          ...(keepQuote ? {} : { plans: [] }),
          policy: {
            ...state.policy,
            policyPAN: {
              ...state.policy.policyPAN,
              ...(keepQuote ? {} : STALE_QUOTE),
              ...update(state.policy.policyPAN),
            },
          },
        }));
      return {
        ...checkoutCore<'policyPAN', TPaFlowState>(set, emptyPolicy, { plans: [] }),
        plans: [],
        setMarket: ({ country, lang, agentCode, subAgentId, campaignCode }) =>
          set((state) => ({
            policy: {
              ...journeyForNewQuote(state.policy, emptyPolicy),
              country,
              lang,
              agentCode: agentCode || undefined,
              subAgentId: subAgentId || undefined,
              campaign: campaignCode ? { campaignCode } : null,
            },
          })),
        setCover: (choice, options = {}) =>
          change((pa) => {
            const family = choice.insuredPersonType === 'family';
            const adults = family ? choice.numberOfAdults : 1;
            const children = family ? choice.noOfChildren : 0;
            const person = (index: number, current: TPaPerson | undefined): TPaPerson => ({
              optionalCovers: [],
              ...current,
              occupation: choice.occupations[index] ?? '',
            });
            const kept = pa.insured?.children ?? [];
            return {
              ...(options.keepPlan && pa.selectedPlan ? { selectedPlan: pa.selectedPlan } : {}),
              insuredPersonType: choice.insuredPersonType,
              family: { numberOfAdults: adults, noOfChildren: children },
              insured: {
                adult1: person(0, pa.insured?.adult1),
                ...(adults > 1 ? { adult2: person(1, pa.insured?.adult2) } : {}),
                children: Array.from({ length: children }, (_, index) => kept[index] ?? emptyChild()),
              },
            };
          }),
        setPromo: (promo) =>
          set((state) => ({
            plans: [],
            policy: {
              ...state.policy,
              promo: promo || undefined,
              policyPAN: { ...state.policy.policyPAN, ...STALE_QUOTE },
            },
          })),
        setUnderwriting: (answers) => change(() => answers),
        setEffectiveDate: (effectiveDate) => change(() => ({ effectiveDate })),
        setCovers: (adult, covers) =>
          change((pa) => {
            const key = adult === 0 ? 'adult1' : 'adult2';
            const insured = pa.insured ?? { children: [] };
            return { insured: { ...insured, [key]: { ...insured[key], optionalCovers: covers } } };
            // The plans shown stay until the re-priced ones replace them (the quote page re-prices at once).
          }, true),
        setQuoted: (answer) =>
          set((state) => {
            // The plans are the answer's; the people stay the journey's (pricing is sent without the applicant).
            const people = state.policy.policyPAN;
            const priced = withoutCardFields({ ...state.policy, ...answer }) as TPaPolicy;
            const policy: TPaPolicy = {
              ...priced,
              policyPAN: {
                ...priced.policyPAN,
                ...(people.applicant ? { applicant: people.applicant } : {}),
                ...(people.insured ? { insured: people.insured } : {}),
              },
            };
            return {
              policy,
              plans: policy.policyPAN.premiumItems ?? [],
              campaign: answeredCampaign(state.campaign, answer),
            };
          }),
        choosePlan: (plan) =>
          set((state) => {
            const item = state.plans.find((candidate) => candidate.planName === plan);
            return {
              policy: {
                ...state.policy,
                policyPAN: {
                  ...state.policy.policyPAN,
                  selectedPlan: plan,
                  ...(item ? { policyPremium: item } : {}),
                },
              },
            };
          }),
        setPeople: (people) =>
          change((pa) => {
            const insured = pa.insured ?? { children: [] };
            return {
              ...(people.applicant ? { applicant: people.applicant } : {}),
              insured: {
                ...insured,
                ...(people.adult1 ? { adult1: people.adult1 } : {}),
                ...(people.adult2 ? { adult2: people.adult2 } : {}),
                ...(people.children ? { children: people.children } : {}),
              },
            };
          }, true),
      };
    },
    checkoutPersistence<'policyPAN', TPaFlowState>(PA_FLOW_STORE_KEY, (state) => ({ plans: state.plans })),
  ),
);

export function emptyChild(): TPaChild {
  return {
    lastName: '',
    idType: 'NRIC',
    hkId: '',
    dateOfBirth: '',
    fullTimeStudent: 'NO',
    optionalCovers: [],
  };
}

/** The occupation codes of the adults the policy covers. */
export function adultOccupations(policy: TPaPolicy): string[] {
  const pa = policy.policyPAN;
  const adults = pa.insuredPersonType === 'family' ? (pa.family?.numberOfAdults ?? 1) : 1;
  return [pa.insured?.adult1?.occupation ?? '', pa.insured?.adult2?.occupation ?? ''].slice(0, adults);
}
