import { DismissButton, Modal } from '../../../components/ui/modal';
import { useTranslation } from '../../../lib/i18n';
import styles from '../routes/pa.module.css';
import { usePaErrorStore } from '../state/pa-error-store';

/** The generic error dialog titled "Error" (pa-home-payments section 2, Other). */
export function PaErrorDialog() {
  const { t } = useTranslation();
  const messages = usePaErrorStore((state) => state.messages);
  const clear = usePaErrorStore((state) => state.clear);
  return (
    <Modal open={messages !== null} onClose={clear} title={t('paQuote.errorTitle')} size="small">
      {messages && messages.length > 0 ? (
        <ul>
          {messages.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      ) : (
        <p>{t('modal.genericError')}</p>
      )}
      <DismissButton className={styles.primary}>{t('modal.ok')}</DismissButton>
    </Modal>
  );
}
