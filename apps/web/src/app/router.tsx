import { lazy, type ReactNode, Suspense } from 'react';
import { type RouteObject, useRoutes } from 'react-router';
import { PageLoading } from '../components/ui/spinner';
import { HomePage } from '../features/home/routes/home-page';
import { InfoPage } from '../features/info/routes/info-page';
import { NotFoundPage } from '../features/info/routes/not-found-page';
import { PaPage } from '../features/pa/routes/pa-page';
import { LandingPage } from '../features/travel/routes/landing-page';
import { QuotePageFrame } from '../features/travel/routes/quote-page-frame';
import { AppShell } from './shell/app-shell';
import { useDrawnByServer } from './shell/render-host';

// The flow's pages load on the way there, so the landing's bundle stays small (issue 6).
const QuotePage = lazy(() =>
  import('../features/travel/routes/quote-page').then((module) => ({ default: module.QuotePage })),
);
const ConfirmPage = lazy(() =>
  import('../features/travel/routes/confirm-page').then((m) => ({ default: m.ConfirmPage })),
);
const PaymentPage = lazy(() =>
  import('../features/travel/routes/payment-page').then((m) => ({ default: m.PaymentPage })),
);
const FinishPage = lazy(() =>
  import('../features/travel/routes/finish-page').then((m) => ({ default: m.FinishPage })),
);
const ApplicantPage = lazy(() =>
  import('../features/travel/routes/applicant-page').then((m) => ({ default: m.ApplicantPage })),
);

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
const ROUTES: RouteObject[] = [
  {
    element: <AppShell />,
    children: [
      { path: '/travel/about-us', element: <InfoPage page="about" /> },
      { path: '/travel/contact-us', element: <InfoPage page="contact" /> },
      { path: '/travel/terms-of-use', element: <InfoPage page="terms" /> },
      { path: '/travel/privacy-policy', element: <InfoPage page="privacy" /> },
      {
        path: '/travel/quote',
        element: lazyPage(<QuotePage />, <QuotePageFrame />),
      },
      {
        path: '/travel/confirm',
        element: lazyPage(<ConfirmPage />),
      },
      {
        path: '/travel/payment',
        element: lazyPage(<PaymentPage />),
      },
      {
        path: '/travel/finish',
        element: lazyPage(<FinishPage />),
      },
      {
        path: '/travel/applicant',
        element: lazyPage(<ApplicantPage />),
      },
      // The landing takes any of its optional segments: /travel/partner/{agent}/campaign/{code}/…
      { path: '/travel/*', element: <LandingPage /> },
      { path: '/pa/*', element: <PaPage /> },
      { path: '/home/*', element: <HomePage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function AppRoutes() {
  return useRoutes(ROUTES);
}
