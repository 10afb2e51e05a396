import { PRODUCT_TYPE_OF_KEY, type TProductKey } from '@lionrock/domain/product/products';
import type { TProductType } from '@lionrock/domain/tax/tax';
/**
 * The analytics data layer (travel-flow section 7): named events and the checkout steps, pushed to
 * `window.dataLayer` for a tag manager to read. Nothing personal is ever pushed, and no analytics
 * script is loaded by the shop itself (the payment page must stay free of third-party code).
 */

export const COVER_GROUPS = [
  'personal-covers',
  'inconvenience-covers',
  'bonus-cover',
  'covid-19-travel-cover-extensions',
] as const;
export type TCoverGroup = (typeof COVER_GROUPS)[number];

export type TAnalyticsEvent =
  | 'Share'
  | 'Products'
  | `product-${'travel' | 'pa' | 'home'}`
  | 'agent-contactcard'
  | `footer-${'travel' | 'pa' | 'home'}`
  | 'about-us'
  | 'contact-us'
  | 'edit-insurance-period'
  | `select-plan-${string}`
  | `${'expand' | 'collapse'}-${TCoverGroup}`;

type TDataLayerEntry = Record<string, unknown>;

declare global {
  interface Window {
    dataLayer?: TDataLayerEntry[];
  }
}

function dataLayer(): TDataLayerEntry[] {
  window.dataLayer ??= [];
  return window.dataLayer;
}

export function track(event: TAnalyticsEvent): void {
  dataLayer().push({ event });
}

/** Checkout steps by page: landing 1, quote 2, apply 3, confirm 4, pay 5 (travel-flow section 2 table). */
const CHECKOUT_STEPS: [RegExp, number, string][] = [
  [/^\/(travel|pa|home)\/(quote)\/?$/, 2, 'quote'],
  [/^\/(travel|pa|home)\/(applicant|apply)\/?$/, 3, 'apply'],
  [/^\/(travel|pa|home)\/confirm\/?$/, 4, 'confirm'],
  [/^\/(travel|pa|home)\/payment\/?$/, 5, 'pay'],
  [/^\/(travel|pa|home)\/finish\/?$/, 0, ''],
  [/^\/(travel|pa|home)\/(about-us|contact-us|terms-of-use|privacy-policy)\/?$/, 0, ''],
  [/^\/(travel|pa|home)(\/.*)?$/, 1, 'landing'],
];

/** The checkout step a page reports, or undefined for pages outside the checkout. */
export function checkoutStepOf(
  pathname: string,
): { step: number; option: string; product: TProductType } | undefined {
  for (const [pattern, step, option] of CHECKOUT_STEPS) {
    const match = pattern.exec(pathname);
    if (!match) continue;
    if (step === 0) return undefined;
    return { step, option, product: PRODUCT_TYPE_OF_KEY[match[1] as TProductKey] };
  }
  return undefined;
}

/** Reports the checkout step of the page just shown (once per page view). */
export function trackCheckoutStep(pathname: string): void {
  const step = checkoutStepOf(pathname);
  if (!step) return;
  dataLayer().push({
    event: 'checkout',
    ecommerce: {
      checkout: { actionField: { step: step.step, option: step.option }, products: [{ id: step.product }] },
    },
  });
}
