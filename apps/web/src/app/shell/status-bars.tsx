import { isTestHost } from '@lionrock/domain/environment/test-host';
import { useTranslation } from '../../lib/i18n';
import { isValidAgent, useSystemStore } from '../../state/system-store';
import { useRenderHost } from './render-host';
import styles from './status-bars.module.css';
import { useSystemStatus } from './use-system-status';

/**
 * The top bar shown while the system is unavailable or private mode is on, when the agent is valid
 * (travel-flow section 8): an invalid agent link says so instead (the landing's own message). A visit
 * without a partner has no agent to be invalid.
 */
export function SystemUnavailableBar() {
  const { t } = useTranslation();
  const { systemAvailable, privateMode } = useSystemStatus();
  const validAgent = useSystemStore((state) => !state.partner || isValidAgent(state.agent));
  if ((systemAvailable && !privateMode) || !validAgent) return null;
  return (
    <div className={styles.unavailable} role="alert">
      {t('landingSystemUnavailableError.message')}
    </div>
  );
}

/** Non-production hosts say so on every page (travel-flow section 2). */
export function TestEnvironmentBanner({ hostname }: { hostname?: string }) {
  const { t } = useTranslation();
  const host = useRenderHost();
  if (!isTestHost(hostname ?? host)) return null;
  return (
    <div className={styles.testEnvironment} role="note">
      {t('testEnvironment.banner')}
    </div>
  );
}
