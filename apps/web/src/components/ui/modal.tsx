import { createContext, type ReactNode, useContext, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import styles from './modal.module.css';

export type TModalSize = 'small' | 'default' | 'large';

/** Modals fade out over 200 ms (travel-flow sections 2 and 9). */
const FADE_OUT_MS = 200;

const DismissContext = createContext<() => void>(() => undefined);

/** Closes the modal around a component the way its × does: faded out, then `onClose`. */
export function useModalDismiss(): () => void {
  return useContext(DismissContext);
}

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
  const [fading, setFading] = useState(false);
  const fadeTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(fadeTimer.current), []);
  // Escape, a click outside, × (and a modal's own dismiss button) fade the modal out, then close it;
  // at once for a customer who asked for reduced motion.
  const dismiss = () => {
    if (fadeTimer.current !== undefined) return;
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) {
      onClose();
      return;
    }
    setFading(true);
    fadeTimer.current = window.setTimeout(() => {
      fadeTimer.current = undefined;
      setFading(false);
      onClose();
    }, FADE_OUT_MS);
  };

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
      className={`${styles.modal} ${styles[size]}${fading ? ` ${styles.fading}` : ''}`}
      aria-labelledby={titleId}
      onClose={() => {
        document.body.classList.remove('scroll-locked');
        onClose();
      }}
      onCancel={(event) => {
        event.preventDefault();
        dismiss();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself.
        if (event.target === ref.current) dismiss();
      }}
    >
      <div className={styles.body}>
        <div className={styles.head}>
          <h2 id={titleId}>{title}</h2>
          <button type="button" className={styles.close} onClick={dismiss} aria-label={t('shell.close')}>
            ×
          </button>
        </div>
        <DismissContext.Provider value={dismiss}>{children}</DismissContext.Provider>
      </div>
    </dialog>
  );
}

/**
 * The generic error modal titled "Oops!" listing messages (travel-flow section 8), or with an empty
 * list the generic text; closed when `messages` is null.
 */
export function ErrorModal({
  messages,
  onClose,
  titleKey = 'modal.errorTitle',
}: {
  messages: string[] | null;
  onClose: () => void;
  /** The product's title key (decision 044): "Oops!" unless the page's product names another. */
  titleKey?: string;
}) {
  const { t } = useTranslation();
  return (
    <Modal open={messages !== null} onClose={onClose} title={t(titleKey)} size="small">
      {messages && messages.length > 0 ? (
        <ul>
          {messages.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      ) : (
        <p>{t('modal.genericError')}</p>
      )}
      <DismissButton className={styles.ok}>{t('modal.ok')}</DismissButton>
    </Modal>
  );
}

/** A button that dismisses the modal it is in, faded out like its ×. */
export function DismissButton({ className, children }: { className?: string; children: ReactNode }) {
  const dismiss = useModalDismiss();
  return (
    <button type="button" className={className} onClick={dismiss}>
      {children}
    </button>
  );
}
