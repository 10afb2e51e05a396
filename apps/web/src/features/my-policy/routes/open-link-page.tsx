import { CLAIM_NUMBER_PATTERN } from '@lionrock/domain/claims/claim-rules';
import { useEffect, useRef } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { ApiCallError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { openAccessLink } from '../api/my-policy-api';
import styles from '../components/my-policy.module.css';
import type { TSignInState } from '../state/use-session-ended';

/**
 * `/my-policy/open/{policyId}?n=…&e=…&sig=…`: the "Manage your policy" link of a policy e-mail opens
 * the policy, once (decision 101); the link leaves the address bar at once. A used, expired or forged
 * link goes to the code sign-in, which says which. A claim mail's link carries `&claim=` too (issue 29):
 * once the link has proved the mailbox it opens that claim; if it cannot, the claim's page asks for the
 * sign-in and then opens it. The number alone grants nothing: the claims API checks the session.
 */
export function OpenLinkPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { policyId = '' } = useParams();
  const [query] = useSearchParams();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const parts = { policyId, n: query.get('n') ?? '', e: query.get('e') ?? '', sig: query.get('sig') ?? '' };
    const claim = (query.get('claim') ?? '').toUpperCase();
    const claimPage = CLAIM_NUMBER_PATTERN.test(claim)
      ? `/claims/status?claim=${encodeURIComponent(claim)}`
      : null;
    openAccessLink(parts)
      .then((signedIn) =>
        navigate(claimPage ?? `/my-policy/policies/${signedIn.policyId ?? policyId}`, { replace: true }),
      )
      .catch((error: unknown) =>
        navigate(claimPage ?? '/my-policy', {
          replace: true,
          state: {
            linkFailed:
              error instanceof ApiCallError && error.messageKey ? error.messageKey : 'myPolicy.open.failed',
          } satisfies TSignInState,
        }),
      );
  }, [navigate, policyId, query]);
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t('myPolicy.open.title')}</h1>
      <Spinner />
    </div>
  );
}
