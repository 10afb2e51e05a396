import { useRoutes } from 'react-router';
import { OpenLinkPage } from './open-link-page';
import { PoliciesPage } from './policies-page';
import { PolicyPage } from './policy-page';
import { SignInPage } from './sign-in-page';
import { UndoPage } from './undo-page';

/**
 * The policyholder's pages under /my-policy (design section 12), in one chunk with the after-sale
 * texts: sign-in (number, ID, birth date, then the code), the mailed link, the list, one policy, and
 * the old address's undo of a change of e-mail address.
 */
export function MyPolicyRoutes() {
  return useRoutes([
    { path: 'open/:policyId', element: <OpenLinkPage /> },
    { path: 'policies', element: <PoliciesPage /> },
    { path: 'policies/:policyId', element: <PolicyPage /> },
    { path: 'undo', element: <UndoPage /> },
    { path: '*', element: <SignInPage /> },
  ]);
}
