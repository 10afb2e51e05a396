import { useRoutes } from 'react-router';
import { OpenLinkPage } from './open-link-page';
import { PoliciesPage } from './policies-page';
import { PolicyPage } from './policy-page';
import { SignInPage } from './sign-in-page';

/**
 * The policyholder's pages under /my-policy (design section 12), in one chunk with the after-sale
 * texts: sign-in (number, ID, birth date, then the code), the signed link, the list, one policy.
 */
export function MyPolicyRoutes() {
  return useRoutes([
    { path: 'open/:policyId', element: <OpenLinkPage /> },
    { path: 'policies', element: <PoliciesPage /> },
    { path: 'policies/:policyId', element: <PolicyPage /> },
    { path: '*', element: <SignInPage /> },
  ]);
}
