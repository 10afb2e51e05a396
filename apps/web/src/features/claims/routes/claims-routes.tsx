import { useRoutes } from 'react-router';
import { ClaimPage } from './claim-page';
import { ClaimResumePage } from './claim-resume-page';
import { ClaimStatusPage } from './claim-status-page';

/** The claims pages under /claims, in their own chunk with the after-sale texts (decision 066). */
export function ClaimsRoutes() {
  return useRoutes([
    { path: 'status', element: <ClaimStatusPage /> },
    { path: 'resume', element: <ClaimResumePage /> },
    { path: '*', element: <ClaimPage /> },
  ]);
}
