import { lazy, type ReactNode, Suspense } from 'react';
import { useRoutes } from 'react-router';
import { PageLoading } from '../../../components/ui/spinner';
import { loadServiceTexts } from '../../../lib/i18n';
import { useErrorTitle } from '../../checkout/hooks/use-error-title';
import { paProduct } from '../pa-product';
import { PaEffectiveDatePage } from './pa-effective-date-page';
import { PaOccupationPage } from './pa-occupation-page';
import { PaPage } from './pa-page';
import { PaQuotePage } from './pa-quote-page';

/**
 * The applicant pages (the policyholder's details, then the insured children) load on the way to them,
 * with the checkout form and the domain's full list of field errors, so the landing, occupation, date
 * and plan pages stay light (decision 133).
 */
const PaApplicantPage = lazy(() =>
  import('./pa-applicant-page').then((module) => ({ default: module.PaApplicantPage })),
);
const PaApplyPage = lazy(() => import('./pa-apply-page').then((module) => ({ default: module.PaApplyPage })));

/** "Ask our underwriters" (decision 089) loads only when asked for, with its texts (the service part). */
const PaReferPage = lazy(() =>
  Promise.all([import('./pa-refer-page'), loadServiceTexts()]).then(([module]) => ({
    default: module.PaReferPage,
  })),
);

/** A page that loads on the way to it waits under the shop's loading placeholder. */
function Later({ page }: { page: ReactNode }) {
  return <Suspense fallback={<PageLoading />}>{page}</Suspense>;
}

/**
 * The personal accident site's pages under /pa (issue brief: /pa, /pa/occupation, /pa/effective-date,
 * /pa/quote, /pa/applicant, /pa/apply, then the shared checkout), in one chunk apart from travel's.
 * A partner link (/pa/partner/{agent}…) opens the landing; the shell reads its partner.
 */
export function PaRoutes() {
  // The shop's error dialog is titled "Error" on the PA site (pa-home-payments section 2, Other).
  useErrorTitle(paProduct.errorTitleKey);
  const page = useRoutes([
    { path: 'occupation', element: <PaOccupationPage /> },
    { path: 'effective-date', element: <PaEffectiveDatePage /> },
    { path: 'quote', element: <PaQuotePage /> },
    { path: 'applicant', element: <Later page={<PaApplicantPage />} /> },
    { path: 'apply', element: <Later page={<PaApplyPage />} /> },
    { path: 'refer', element: <Later page={<PaReferPage />} /> },
    { path: '*', element: <PaPage /> },
  ]);
  return page;
}
