import { SERVICE_MESSAGE_VALUES } from '@lionrock/domain/validation/service-message-values';
import { type FunctionComponent, lazy, Suspense } from 'react';
import { PageLoading } from '../components/ui/spinner';
import type { TCheckoutProduct, TPolicyPart } from '../features/checkout/checkout-product';
import { addMessageValues } from '../lib/i18n';

/**
 * The pages after the sale and of a journey saved for later: my policy, claims, and a saved quote's
 * link for each product. The router reaches them through this one lazy module with the after-sale
 * texts (decision 066), so the landing's first load carries one entry for all of them instead of one
 * per page; each page's code still loads only on its own way there.
 */
addMessageValues(SERVICE_MESSAGE_VALUES);

const MyPolicyRoutes = lazy(() =>
  import('../features/my-policy/routes/my-policy-routes').then((module) => ({
    default: module.MyPolicyRoutes,
  })),
);
const ClaimsRoutes = lazy(() =>
  import('../features/claims/routes/claims-routes').then((module) => ({ default: module.ClaimsRoutes })),
);

/** A saved journey's link (decision 076) for one product: the page with that product's contract. */
function resumePageOf<P extends TPolicyPart>(loadProduct: () => Promise<TCheckoutProduct<P>>) {
  return lazy(() =>
    Promise.all([import('../features/checkout/routes/resume-page'), loadProduct()]).then(
      ([module, product]) => {
        const Page: FunctionComponent<{ product: TCheckoutProduct<P> }> = module.ResumePage;
        return { default: () => <Page product={product} /> };
      },
    ),
  );
}

const TravelResumePage = resumePageOf(() =>
  import('../features/travel/travel-product').then((module) => module.travelProduct),
);
const PaResumePage = resumePageOf(() =>
  import('../features/pa/pa-product').then((module) => module.paProduct),
);
const HomeResumePage = resumePageOf(() =>
  import('../features/home/home-product').then((module) => module.homeProduct),
);

// An agent's pre-filled quote link (decision 090): one page for the three products.
const QuoteLinkPage = lazy(() =>
  import('../features/checkout/routes/quote-link-page').then((module) => ({ default: module.QuoteLinkPage })),
);

const PAGES = {
  'my-policy': MyPolicyRoutes,
  claims: ClaimsRoutes,
  'travel-resume': TravelResumePage,
  'pa-resume': PaResumePage,
  'home-resume': HomeResumePage,
  'quote-link': QuoteLinkPage,
} as const;

export type TAfterSalePage = keyof typeof PAGES;

/**
 * The page the router chose (app/router.tsx names it: its own routes under /my-policy and /claims are
 * relative to where the router put them, so they are rendered, not matched again here).
 */
export function AfterSaleRoutes({ page }: { page: TAfterSalePage }) {
  const Page = PAGES[page];
  return (
    <Suspense fallback={<PageLoading />}>
      <Page />
    </Suspense>
  );
}
