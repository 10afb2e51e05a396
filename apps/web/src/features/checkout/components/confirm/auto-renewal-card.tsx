import { useId, useState } from 'react';
import { CheckField } from '../../../../components/ui/check-field';
import { Modal } from '../../../../components/ui/modal';
import { useTranslation } from '../../../../lib/i18n';
import styles from './confirm-cards.module.css';

/**
 * The auto-renewal card (travel-flow section 2, Confirm; pa-home-payments section 9), shown only for
 * annual, personal policies: the box (on by default) and the terms in a modal. Unticking asks the
 * spec's "Are you sure?" first (pa-home-payments section 4: "Turning it off asks 'Are you sure?' and
 * then sets it false"), the same question as at Pay: turned off only when the customer says so; keeping
 * it, or closing the question, leaves the box ticked.
 */
export function AutoRenewalCard({ on, onChange }: { on: boolean; onChange: (on: boolean) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [termsOpen, setTermsOpen] = useState(false);
  const [asking, setAsking] = useState(false);
  return (
    <section className={styles.card} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.title}>
        {t('confirm.autoRenewal.title')}
      </h2>
      <CheckField
        id={`${id}-box`}
        checked={on}
        onChange={(ticked) => (ticked ? onChange(true) : setAsking(true))}
        label={t('confirm.autoRenewal.label')}
        hint={t('confirm.autoRenewal.text')}
      >
        <button type="button" className={styles.linkButton} onClick={() => setTermsOpen(true)}>
          {t('confirm.autoRenewal.terms')}
        </button>
      </CheckField>
      {termsOpen ? (
        <Modal open onClose={() => setTermsOpen(false)} title={t('confirm.autoRenewal.termsTitle')}>
          <ul className={styles.popupList}>
            {(['card', 'charge', 'notice', 'emails', 'turnOff'] as const).map((term) => (
              <li key={term}>{t(`confirm.autoRenewal.termsList.${term}`)}</li>
            ))}
          </ul>
        </Modal>
      ) : null}
      <TurnOffQuestion
        open={asking}
        onClose={() => setAsking(false)}
        onTurnOff={() => {
          setAsking(false);
          onChange(false);
        }}
        onKeepOn={() => setAsking(false)}
      />
    </section>
  );
}

/**
 * The question asked at Pay when the box is unticked (travel-flow section 4): turn auto-renewal off
 * and go on, or turn it back on and go on.
 */
export function TurnOffQuestion({
  open,
  onTurnOff,
  onKeepOn,
  onClose,
}: {
  open: boolean;
  onTurnOff: () => void;
  onKeepOn: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  if (!open) return null;
  return (
    <Modal open onClose={onClose} title={t('confirm.autoRenewal.questionTitle')} size="small">
      <p>{t('confirm.autoRenewal.question')}</p>
      <div className={styles.modalActions}>
        <button type="button" className={styles.secondary} onClick={onTurnOff}>
          {t('confirm.autoRenewal.turnOff')}
        </button>
        <button type="button" className={styles.primary} onClick={onKeepOn}>
          {t('confirm.autoRenewal.keepOn')}
        </button>
      </div>
    </Modal>
  );
}
