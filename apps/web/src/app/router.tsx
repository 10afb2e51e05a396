import { type FunctionComponent, lazy, type ReactNode, Suspense } from 'react';
import { matchRoutes, type RouteObject, useRoutes } from 'react-router';
import { PageLoading } from '../components/ui/spinner';
import type { TCheckoutProduct, TPolicyPart } from '../features/checkout/checkout-product';
import { LandingPage } from '../features/travel/routes/landing-page';
import { QuotePageFrame } from '../features/travel/routes/quote-page-frame';
import { loadInfoTexts, loadPageTexts, loadServiceTexts } from '../lib/i18n';
import { AppShell } from './shell/app-shell';
import { useDrawnByServer } from './shell/render-host';

/**
 * A page other than the travel landing: its code loads on the way there, with the texts of the pages
 * after the landing (decision 022), so the landing's first render carries neither.
 */
function pageOf<TKey extends string, TProps>(
  load: () => Promise<Record<TKey, FunctionComponent<TProps>>>,
  name: TKey,
  loadTexts: () => Promise<void> = loadPageTexts,
) {
  return lazy(() => Promise.all([load(), loadTexts()]).then(([module]) => ({ default: module[name] })));
}

const QuotePage = pageOf(() => import('../features/travel/routes/quote-page'), 'QuotePage');
const ApplicantPage = pageOf(() => import('../features/travel/routes/applicant-page'), 'ApplicantPage');
/**
 * A checkout page (confirm, payment, finish) for one product: the page from features/checkout with the
 * product's contract (decision 044), both loaded on the way there, so no product's code lands in the
 * travel landing.
 */
function checkoutPageOf<P extends TPolicyPart, TKey extends string>(
  loadProduct: () => Promise<TCheckoutProduct<P>>,
  load: () => Promise<Record<TKey, FunctionComponent<{ product: TCheckoutProduct<P> }>>>,
  name: TKey,
) {
  return lazy(() =>
    Promise.all([load(), loadProduct(), loadPageTexts()]).then(([module, product]) => {
      const Page: FunctionComponent<{ product: TCheckoutProduct<P> }> = module[name];
      return { default: () => <Page product={product} /> };
    }),
  );
}

const travelProduct = () =>
  import('../features/travel/travel-product').then((module) => module.travelProduct);
const loadConfirm = () => import('../features/checkout/routes/confirm-page');
const loadPayment = () => import('../features/checkout/routes/payment-page');
const loadFinish = () => import('../features/checkout/routes/finish-page');
const TravelConfirmPage = checkoutPageOf(travelProduct, loadConfirm, 'ConfirmPage');
const TravelPaymentPage = checkoutPageOf(travelProduct, loadPayment, 'PaymentPage');
const TravelFinishPage = checkoutPageOf(travelProduct, loadFinish, 'FinishPage');
// The footer's pages bring their own long texts (decision 042).
const InfoPage = pageOf(() => import('../features/info/routes/info-page'), 'InfoPage', loadInfoTexts);
const NotFoundPage = pageOf(() => import('../features/info/routes/not-found-page'), 'NotFoundPage');
const PaRoutes = pageOf(() => import('../features/pa/routes/pa-routes'), 'PaRoutes');
const paProduct = () => import('../features/pa/pa-product').then((module) => module.paProduct);
const PaConfirmPage = checkoutPageOf(paProduct, loadConfirm, 'ConfirmPage');
const PaPaymentPage = checkoutPageOf(paProduct, loadPayment, 'PaymentPage');
const PaFinishPage = checkoutPageOf(paProduct, loadFinish, 'FinishPage');
const HomePage = pageOf(() => import('../features/home/routes/home-page'), 'HomePage');
const HomeQuotePage = pageOf(() => import('../features/home/routes/home-quote-page'), 'HomeQuotePage');
const HomeApplicantPage = pageOf(
  () => import('../features/home/routes/home-applicant-page'),
  'HomeApplicantPage',
);
const homeProduct = () => import('../features/home/home-product').then((module) => module.homeProduct);
const HomeConfirmPage = checkoutPageOf(homeProduct, loadConfirm, 'ConfirmPage');
const HomePaymentPage = checkoutPageOf(homeProduct, loadPayment, 'PaymentPage');
const HomeFinishPage = checkoutPageOf(homeProduct, loadFinish, 'FinishPage');
// My policy, claims and a saved quote's link: one entry, with the after-sale texts (decision 066).
const AfterSaleRoutes = pageOf(() => import('./after-sale-routes'), 'AfterSaleRoutes', loadServiceTexts);
// The back office and the agents' desk: one entry for both, outside the shop's shell (decision 079).
const BackOffice = lazy(() => import('../features/back-office/back-office-routes'));

/**
 * A lazy page waits in its frame, or a placeholder as tall as the screen, so the footer does not shift
 * (CLS). The server draws the frame itself (decision 021): it has neither the page's code nor the
 * journey in the tab's sessionStorage.
 */
function LazyPage({ page, frame = <PageLoading /> }: { page: ReactNode; frame?: ReactNode }) {
  const drawnByServer = useDrawnByServer();
  return <Suspense fallback={frame}>{drawnByServer ? frame : page}</Suspense>;
}

function lazyPage(page: ReactNode, frame?: ReactNode) {
  return <LazyPage page={page} frame={frame} />;
}

/**
 * Every screen has one route here; each lives in its feature's routes/ folder. The routes render inside
 * a `<BrowserRouter>` (main.tsx): the shop uses no loaders, actions or blockers, so the data router's
 * code (about 18 kB gzipped) stays out of the landing (decision 015).
 */
// The landing takes any of its optional segments: /travel/partner/{agent}/campaign/{code}/…
const LANDING_ROUTE: RouteObject = { path: '/travel/*', element: <LandingPage /> };

const ROUTES: RouteObject[] = [
  { path: '/admin/*', element: lazyPage(<BackOffice desk="admin" />) },
  { path: '/agent/*', element: lazyPage(<BackOffice desk="agent" />) },
  {
    element: <AppShell />,
    children: [
      { path: '/travel/about-us', element: lazyPage(<InfoPage page="about" />) },
      { path: '/travel/contact-us', element: lazyPage(<InfoPage page="contact" />) },
      { path: '/travel/terms-of-use', element: lazyPage(<InfoPage page="terms" />) },
      { path: '/travel/privacy-policy', element: lazyPage(<InfoPage page="privacy" />) },
      {
        path: '/travel/quote',
        element: lazyPage(<QuotePage />, <QuotePageFrame />),
      },
      {
        path: '/travel/confirm',
        element: lazyPage(<TravelConfirmPage />),
      },
      {
        path: '/travel/payment',
        element: lazyPage(<TravelPaymentPage />),
      },
      {
        path: '/travel/finish',
        element: lazyPage(<TravelFinishPage />),
      },
      {
        path: '/travel/applicant',
        element: lazyPage(<ApplicantPage />),
      },
      { path: '/travel/resume', element: lazyPage(<AfterSaleRoutes page="travel-resume" />) },
      LANDING_ROUTE,
      { path: '/pa/confirm', element: lazyPage(<PaConfirmPage />) },
      { path: '/pa/payment', element: lazyPage(<PaPaymentPage />) },
      { path: '/pa/finish', element: lazyPage(<PaFinishPage />) },
      { path: '/pa/resume', element: lazyPage(<AfterSaleRoutes page="pa-resume" />) },
      { path: '/pa/*', element: lazyPage(<PaRoutes />) },
      { path: '/home/quote', element: lazyPage(<HomeQuotePage />) },
      { path: '/home/applicant', element: lazyPage(<HomeApplicantPage />) },
      { path: '/home/confirm', element: lazyPage(<HomeConfirmPage />) },
      { path: '/home/payment', element: lazyPage(<HomePaymentPage />) },
      { path: '/home/finish', element: lazyPage(<HomeFinishPage />) },
      { path: '/home/resume', element: lazyPage(<AfterSaleRoutes page="home-resume" />) },
      { path: '/home/*', element: lazyPage(<HomePage />) },
      { path: '/:product/link/:code', element: lazyPage(<AfterSaleRoutes page="quote-link" />) },
      { path: '/my-policy/*', element: lazyPage(<AfterSaleRoutes page="my-policy" />) },
      { path: '/claims/*', element: lazyPage(<AfterSaleRoutes page="claims" />) },
      { path: '*', element: lazyPage(<NotFoundPage />) },
    ],
  },
];

/** Whether `pathname` shows a page other than the travel landing: one that needs the pages' texts. */
export function showsPageAfterLanding(pathname: string): boolean {
  return matchRoutes(ROUTES, pathname)?.at(-1)?.route !== LANDING_ROUTE;
}

export function AppRoutes() {
  return useRoutes(ROUTES);
}
