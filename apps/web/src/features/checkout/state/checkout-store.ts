import type { TConsents } from '@lionrock/domain/consents/consents';
import type { TPolicyInput } from '@lionrock/domain/schemas/policy-schema';
import type { StoreApi, UseBoundStore } from 'zustand';
import { createJSONStorage, type PersistOptions } from 'zustand/middleware';
import type { TCheckoutPolicy, TPolicyPart } from '../checkout-product';
import { registerJourneyReset } from './journeys';

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

/**
 * The journey state every product's store holds (decision 044): the policy in its wire format, the
 * campaign, where the quote started and the landing link. A product's store adds its quote's own
 * state and actions (travel: the trip, the plans).
 */
export type TCheckoutState<P extends TPolicyPart = TPolicyPart> = {
  policy: TCheckoutPolicy<P>;
  campaign: TCampaignRef | null;
  /** The landing address the quote started from: Back on the quote page returns there. */
  initialUrl: string | null;
  /** The landing link whose campaign and promo code the journey holds (decision 039). */
  link: string | null;
  /** The rate answer: the stored policy (it carries policyId). */
  setRated(answer: TPolicyInput): void;
  /** Back to an empty journey (the finish page's Back to home). */
  reset(): void;
};

/** A product's journey store hook (zustand): the checkout pages read and write it through this. */
export type TCheckoutStore<P extends TPolicyPart = TPolicyPart> = UseBoundStore<StoreApi<TCheckoutState<P>>>;

/** Card details never reach browser storage, whatever an answer carries (pa-home-payments, PCI scope). */
const CARD_FIELD = /^(card|cvv|cvn|expiry|paymentCreditCardName)/i;

export function withoutCardFields<T extends TPolicyInput>(policy: T): T {
  if (!policy.payment) return policy;
  const payment = Object.fromEntries(Object.entries(policy.payment).filter(([key]) => !CARD_FIELD.test(key)));
  return { ...policy, payment };
}

/**
 * The campaign the server priced under (decision 038: a promo code finds its own campaign, whatever
 * the link named): the journey follows it, so its banner, its rules and its discount row are shown.
 */
export function answeredCampaign(current: TCampaignRef | null, answer: TPolicyInput): TCampaignRef | null {
  const answered = answer.campaign;
  if (!answered?.campaignCode || answered.campaignCode === current?.campaignCode) return current;
  return {
    campaignId: answered.campaignId ?? null,
    campaignCode: answered.campaignCode,
    catalogueCode: answered.catalogueCode ?? '',
    promoCodeRequired: false,
  };
}

type TSet<S> = (change: Partial<S> | ((state: S) => Partial<S>)) => void;

/**
 * The journey a new quote builds on: the stored one, unless it was bought (it has a policy number),
 * then an empty one. A customer who bought, or cancelled from my policy, and quotes again in the same
 * tab gets a new policy instead of the finished one, which can no longer be re-quoted.
 */
export function journeyForNewQuote<T extends { policyNumber?: string | undefined }>(
  policy: T,
  emptyPolicy: () => T,
): T {
  return policy.policyNumber ? emptyPolicy() : policy;
}

/**
 * The checkout core of a product's store: spread it into the store's initialiser. `emptyPolicy` is the
 * product's empty journey (its productType and part); `resetAlso` is the product's own state that a
 * reset clears too.
 */
export function checkoutCore<P extends TPolicyPart, S extends TCheckoutState<P>>(
  set: TSet<S>,
  emptyPolicy: () => TCheckoutPolicy<P>,
  resetAlso: Partial<S> = {},
): TCheckoutState<P> {
  const reset = () =>
    set({
      policy: emptyPolicy(),
      campaign: null,
      initialUrl: null,
      link: null,
      ...resetAlso,
    } as Partial<S>);
  registerJourneyReset(reset);
  return {
    policy: emptyPolicy(),
    campaign: null,
    initialUrl: null,
    link: null,
    setRated: (answer) =>
      set(
        (state) =>
          ({
            policy: withoutCardFields({ ...state.policy, ...answer }) as TCheckoutPolicy<P>,
            campaign: answeredCampaign(state.campaign, answer),
          }) as Partial<S>,
      ),
    reset,
  };
}

/**
 * The journey's sessionStorage persistence under the product's key: the checkout core's state (card
 * fields dropped) and what `persistAlso` picks of the product's own.
 */
export function checkoutPersistence<P extends TPolicyPart, S extends TCheckoutState<P>>(
  key: string,
  persistAlso: (state: S) => Partial<S> = () => ({}),
): PersistOptions<S, Partial<S>> {
  return {
    name: key,
    version: 1,
    storage: createJSONStorage(() => sessionStorage),
    partialize: (state) => ({
      policy: withoutCardFields(state.policy),
      campaign: state.campaign,
      initialUrl: state.initialUrl,
      link: state.link,
      ...persistAlso(state),
    }),
  };
}

/** What a payment component needs of the journey: the stored policy now, and saving a server answer. */
export type TJourneyAccess = {
  readPolicy: () => TPolicyInput;
  saveAnswer: (answer: TPolicyInput) => void;
};

/**
 * The confirm, payment and finish steps' changes to a journey store. They go through the store's own
 * persistence, so card fields are dropped whatever an answer carries.
 */
export function checkoutActions<P extends TPolicyPart>(store: TCheckoutStore<P>, part: P) {
  const updatePolicy = (change: (policy: TCheckoutPolicy<P>) => TCheckoutPolicy<P>) =>
    store.setState((state) => ({ policy: withoutCardFields(change(state.policy)) }));
  const withApplicant = (
    policy: TCheckoutPolicy<P>,
    change: (applicant: NonNullable<TCheckoutPolicy<P>[P]['applicant']>) => object,
  ): TCheckoutPolicy<P> => {
    const own = policy[part];
    if (!own.applicant) return policy;
    return { ...policy, [part]: { ...own, applicant: { ...own.applicant, ...change(own.applicant) } } };
  };
  return {
    /** The stored policy now (outside React: payment callbacks read the latest). */
    readPolicy: (): TCheckoutPolicy<P> => store.getState().policy,
    /** The consents as given on the confirm page (pa-home-payments section 5), with the marketing flag the spec keeps. */
    saveConsents: (consents: TConsents) =>
      updatePolicy((policy) => ({
        ...withApplicant(policy, () => ({ directMarketing: consents.marketing.given ? 'true' : 'false' })),
        consents,
      })),
    /** hasAutoRenewal as the domain decides it for the policy (travel-flow section 4). */
    saveAutoRenewal: (on: boolean) =>
      updatePolicy((policy) => withApplicant(policy, () => ({ hasAutoRenewal: on }))),
    /** A server answer (pending or issued policy) replaces the stored one, keeping what it leaves out. */
    saveAnswer: (answer: TPolicyInput) =>
      updatePolicy((policy) => ({ ...policy, ...answer }) as TCheckoutPolicy<P>),
  };
}
