import { formatMoney } from '@lionrock/domain/money/money';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Modal } from '../../../components/ui/modal';
import { useTranslation } from '../../../lib/i18n';
import { setAutoRenewal, type TPolicyDetails } from '../api/my-policy-api';
import { useSessionEnded } from '../state/use-session-ended';
import styles from './my-policy.module.css';

/**
 * Auto-renewal off or on (pa-home-payments section 9: the policyholder turns it off "on the e-service
 * website"); off asks the checkout's "Are you sure?" first, in the same words.
 */
export function AutoRenewalPanel({
  policy,
  onChanged,
}: {
  policy: TPolicyDetails;
  onChanged: (policy: TPolicyDetails) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const ended = useSessionEnded();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ key: string; error: boolean } | null>(null);
  const { on, canTurnOn, blockedBecause } = policy.autoRenewal;

  const change = async (next: boolean) => {
    setAsking(false);
    setBusy(true);
    setNote(null);
    try {
      const changed = await setAutoRenewal(policy.policyId, next);
      onChanged(changed);
      setNote({
        key: next ? 'myPolicy.autoRenewal.turnedOn' : 'myPolicy.autoRenewal.turnedOff',
        error: false,
      });
    } catch (error) {
      if (!ended(error)) setNote({ key: 'myPolicy.autoRenewal.failed', error: true });
    } finally {
      setBusy(false);
    }
  };

  const offered = on || canTurnOn || (blockedBecause !== null && blockedBecause !== 'not-eligible');
  const { renewed } = policy.renewal;
  // Once the renewal is charged there is nothing left to turn off here: say what happened (decision 129).
  if (renewed)
    return (
      <section className={styles.card} aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className={styles.cardTitle}>
          {t('myPolicy.autoRenewal.title')}
        </h2>
        <p>
          {t('myPolicy.autoRenewal.renewed', {
            amount: formatMoney(renewed.chargedCents, policy.country),
            number: renewed.policyNumber,
            start: renewed.startDate,
            end: renewed.endDate,
          })}
        </p>
        <p className={styles.muted}>{t('myPolicy.autoRenewal.renewedManage')}</p>
        <Link to={`/my-policy/policies/${encodeURIComponent(renewed.policyId)}`}>
          {t('myPolicy.autoRenewal.seeNew', { number: renewed.policyNumber })}
        </Link>
      </section>
    );
  return (
    <section className={styles.card} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.cardTitle}>
        {t('myPolicy.autoRenewal.title')}
      </h2>
      {!offered ? (
        <p>{t('myPolicy.autoRenewal.notOffered')}</p>
      ) : (
        <>
          <p>{on ? t('myPolicy.autoRenewal.on') : t('myPolicy.autoRenewal.off', { end: policy.endDate })}</p>
          {!on && blockedBecause ? (
            <p className={styles.muted}>{t(`myPolicy.autoRenewal.blocked.${blockedBecause}`)}</p>
          ) : null}
          <div className={styles.actions}>
            {on ? (
              <button
                type="button"
                className={styles.secondary}
                disabled={busy}
                onClick={() => setAsking(true)}
              >
                {t('myPolicy.autoRenewal.turnOff')}
              </button>
            ) : canTurnOn ? (
              <button type="button" className={styles.secondary} disabled={busy} onClick={() => change(true)}>
                {t('myPolicy.autoRenewal.turnOn')}
              </button>
            ) : null}
          </div>
        </>
      )}
      <p className={note?.error ? styles.error : styles.success} role="status">
        {note ? t(note.key) : ''}
      </p>
      {asking ? (
        <Modal
          open
          onClose={() => setAsking(false)}
          title={t('confirm.autoRenewal.questionTitle')}
          size="small"
        >
          <p>{t('confirm.autoRenewal.question')}</p>
          <div className={styles.actions}>
            <button type="button" className={styles.secondary} onClick={() => change(false)}>
              {t('confirm.autoRenewal.turnOff')}
            </button>
            <button type="button" className={styles.primary} onClick={() => setAsking(false)}>
              {t('confirm.autoRenewal.keepOn')}
            </button>
          </div>
        </Modal>
      ) : null}
    </section>
  );
}
