import { lazy, Suspense } from 'react';
import { useRoutes } from 'react-router';
import { PageLoading } from '../../../components/ui/spinner';
import { loadServiceTexts } from '../../../lib/i18n';
import { useErrorTitle } from '../../checkout/hooks/use-error-title';
import { paProduct } from '../pa-product';
import { PaApplicantPage } from './pa-applicant-page';
import { PaApplyPage } from './pa-apply-page';
import { PaEffectiveDatePage } from './pa-effective-date-page';
import { PaOccupationPage } from './pa-occupation-page';
import { PaPage } from './pa-page';
import { PaQuotePage } from './pa-quote-page';

/** "Ask our underwriters" (decision 089) loads only when asked for, with its texts (the service part). */
const PaReferPage = lazy(() =>
  Promise.all([import('./pa-refer-page'), loadServiceTexts()]).then(([module]) => ({
    default: module.PaReferPage,
  })),
);

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
    { path: 'applicant', element: <PaApplicantPage /> },
    { path: 'apply', element: <PaApplyPage /> },
    {
      path: 'refer',
      element: (
        <Suspense fallback={<PageLoading />}>
          <PaReferPage />
        </Suspense>
      ),
    },
    { path: '*', element: <PaPage /> },
  ]);
  return page;
}
