import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useTranslation } from '../../lib/i18n';
import styles from './modal.module.css';

export type TModalSize = 'small' | 'default' | 'large';

/**
 * A modal on the platform's <dialog> (focus kept inside, Escape closes, inert page behind), with the
 * spec's widths 511/640/1000 px, outside click and close button, and page scroll locked while open
 * (travel-flow section 2). The native element needs no runtime <style> injection, which the strict
 * CSP would refuse.
 */
export function Modal({
  open,
  onClose,
  title,
  size = 'default',
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  size?: TModalSize;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  // Each modal names itself: a page may hold several (closed ones stay in the document).
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      document.body.classList.add('scroll-locked');
    } else if (!open && dialog.open) {
      dialog.close();
    }
    return () => {
      if (open) document.body.classList.remove('scroll-locked');
    };
  }, [open]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the backdrop click has its keyboard twin in Escape (onCancel)
    <dialog
      ref={ref}
      className={`${styles.modal} ${styles[size]}`}
      aria-labelledby={titleId}
      onClose={() => {
        document.body.classList.remove('scroll-locked');
        onClose();
      }}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself.
        if (event.target === ref.current) onClose();
      }}
    >
      <div className={styles.body}>
        <div className={styles.head}>
          <h2 id={titleId}>{title}</h2>
          <button type="button" className={styles.close} onClick={onClose} aria-label={t('shell.close')}>
            ×
          </button>
        </div>
        {children}
      </div>
    </dialog>
  );
}

/** The generic error modal titled "Oops!" listing messages (travel-flow section 8). */
export function ErrorModal({ messages, onClose }: { messages: string[]; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal open={messages.length > 0} onClose={onClose} title={t('modal.errorTitle')} size="small">
      <ul>
        {messages.map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
      <button type="button" className={styles.ok} onClick={onClose}>
        {t('modal.ok')}
      </button>
    </Modal>
  );
}
