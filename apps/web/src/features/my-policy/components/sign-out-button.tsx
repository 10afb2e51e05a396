import { useNavigate } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { signOut } from '../api/my-policy-api';
import type { TSignInState } from '../state/use-session-ended';
import styles from './my-policy.module.css';

/** Ends the policyholder's session (the cookie is cleared by the server) and returns to sign-in. */
export function SignOutButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const leave = async () => {
    await signOut().catch(() => undefined);
    navigate('/my-policy', { replace: true, state: { signedOut: true } satisfies TSignInState });
  };
  return (
    <button type="button" className={styles.secondary} onClick={leave}>
      {t('myPolicy.signOut')}
    </button>
  );
}
