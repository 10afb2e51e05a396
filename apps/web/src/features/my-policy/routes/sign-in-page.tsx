import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import type { TSignedIn } from '../api/my-policy-api';
import { HolderSignIn } from '../components/holder-sign-in';
import styles from '../components/my-policy.module.css';
import type { TSignInState } from '../state/use-session-ended';

/**
 * `/my-policy`: find my policy (design section 12); one policy opens at once, several are listed. The
 * finish page links here with `?policy=` filled in.
 */
export function SignInPage() {
  const { t, exists } = useTranslation();
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const state = (useLocation().state ?? {}) as TSignInState;
  const notice = state.ended
    ? t('myPolicy.signIn.sessionEnded')
    : state.linkFailed
      ? t(exists(state.linkFailed) ? state.linkFailed : 'myPolicy.open.failed')
      : state.signedOut
        ? t('myPolicy.signedOut')
        : undefined;
  const signedIn = ({ policies }: TSignedIn) => {
    const only = policies.length === 1 ? policies[0] : undefined;
    navigate(only ? `/my-policy/policies/${only.policyId}` : '/my-policy/policies');
  };
  return (
    <div className={styles.page}>
      <HolderSignIn onSignedIn={signedIn} notice={notice} policyNumber={query.get('policy') ?? ''} />
    </div>
  );
}
