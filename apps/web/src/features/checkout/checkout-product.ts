import type { TPolicyInput } from '@lionrock/domain/schemas/policy-schema';
import type { ComponentType } from 'react';
import type { TCheckoutStore } from './state/checkout-store';

/**
 * One checkout, three products (design section 10, decision 044): the checkout pages (applicant core,
 * confirm, payment, finish) are written once in `features/checkout`; a product plugs in through this
 * contract and never copies a checkout page. Only additive changes: `features/pa` and `features/home`
 * build against it.
 */

/** A product's key: its route prefix (`/travel/…`, `/pa/…`, `/home/…`). */
export type TProductKey = 'travel' | 'pa' | 'home';

/** Each product's wire `productType` and the part of the policy that carries its cover (policy-schema.ts). */
export const PRODUCT_WIRE = {
  travel: { productType: 'PTR', part: 'policyTravel' },
  pa: { productType: 'PAN', part: 'policyPAN' },
  home: { productType: 'PHM', part: 'policyHome' },
} as const;

export type TProductType = (typeof PRODUCT_WIRE)[TProductKey]['productType'];
export type TPolicyPart = (typeof PRODUCT_WIRE)[TProductKey]['part'];

/** The policy of a product's journey in its wire format, its own part always present. */
export type TCheckoutPolicy<P extends TPolicyPart = TPolicyPart> = TPolicyInput & {
  [K in P]: NonNullable<TPolicyInput[K]>;
};

/** What every product part carries and the checkout reads: the applicant and the chosen plan. */
export type TCheckoutPart = Pick<NonNullable<TPolicyInput[TPolicyPart]>, 'applicant' | 'policyPremium'>;

/** A summary line: label, value (already translated and formatted). */
export type TSummaryRow = [label: string, value: string];

/** The stepper's step names, keys under `stepper.steps` (pa-home-payments "Stepper"; six steps). */
export type TStepNames = readonly [string, string, string, string, string, string];

/** Where the checkout sends the customer, per product. */
export type TCheckoutPaths = {
  /** The product's landing; a page without a journey goes back there. */
  landing: string;
  quote: string;
  applicant: string;
  /** Where the applicant page's Next goes: confirm, or PA's `/pa/apply` for family members. */
  afterApplicant: string;
  confirm: string;
  payment: string;
  finish: string;
};

export type TCheckoutProduct<P extends TPolicyPart = TPolicyPart> = {
  key: TProductKey;
  productType: TProductType;
  part: P;
  /** The stepper's six step names (travel: welcome … complete; PA per its spec section 1). */
  steps: TStepNames;
  /** The product's journey store, made with `createCheckoutStore` (state/checkout-store.ts). */
  useJourney: TCheckoutStore<P>;
  paths: TCheckoutPaths;
  /** The generic error dialog's title key: 'Oops!' for travel, 'Error' for PA and home (pa-home-payments section 2, Other). */
  errorTitleKey: string;
  /** The confirm page's card for who or what is insured (travel's travellers, PA's adults, home's address). */
  InsuredSection: ComponentType<{ policy: TCheckoutPolicy<P> }>;
  /**
   * The plan summary's lines before the price (plan, period, who or what is insured), on the confirm
   * page's summary card or the payment page's. A hook: it may translate and read the language.
   */
  useSummaryRows: (policy: TCheckoutPolicy<P>, where: 'confirm' | 'payment') => TSummaryRow[];
  /**
   * The product's lines of no charge in the price breakdown (PA's children covered free), as its quote
   * page shows them, so confirm and payment list the same lines (decision 126). A hook.
   */
  usePriceNotes?: (policy: TCheckoutPolicy<P>) => TSummaryRow[];
  /** Whether the confirm page offers auto-renewal for this policy (travel-flow section 4). */
  renewalEligible: (policy: TCheckoutPolicy<P>) => boolean;
};

/** The product's part of a policy (applicant, chosen plan and the product's own fields). */
export function partOf<P extends TPolicyPart>(
  product: Pick<TCheckoutProduct<P>, 'part'>,
  policy: TCheckoutPolicy<P>,
): TCheckoutPolicy<P>[P] & TCheckoutPart {
  return policy[product.part] as TCheckoutPolicy<P>[P] & TCheckoutPart;
}
