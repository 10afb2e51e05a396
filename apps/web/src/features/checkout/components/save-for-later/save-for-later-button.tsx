import type { TPolicyInput } from '@lionrock/domain/schemas/policy-schema';
import type { TSavedQuoteStep } from '@lionrock/domain/self-service/saved-quote-rules';
import { lazy, Suspense, useState } from 'react';
import { createPortal } from 'react-dom';
import { loadServiceTexts, useTranslation } from '../../../../lib/i18n';
import styles from './save-for-later.module.css';

// The dialog and its texts load when the customer first asks for it: none of it on the page's way in.
const SaveForLaterDialog = lazy(() =>
  Promise.all([import('./save-for-later-dialog'), loadServiceTexts()]).then(([module]) => ({
    default: module.SaveForLaterDialog,
  })),
);

/**
 * "Save for later" on the quote, applicant and confirm pages of every product (decision 076):
 * e-mails a link that reopens the journey on any device at this step.
 */
export function SaveForLaterButton({
  step,
  readPolicy,
  readStoredPolicy,
}: {
  step: TSavedQuoteStep;
  /** The journey's policy now (read when the dialog opens, so it is what the page shows). */
  readPolicy: () => TPolicyInput;
  /**
   * The journey as last stored, when `readPolicy` adds what a form holds half typed: saved instead if
   * the server's schema refuses the half-typed details.
   */
  readStoredPolicy?: () => TPolicyInput;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={styles.trigger} onClick={() => setOpen(true)}>
        {t('saveForLater.button')}
      </button>
      {/* Outside the page's own form (the applicant pages are one): a form may not hold another. */}
      {open
        ? createPortal(
            <Suspense fallback={null}>
              <SaveForLaterDialog
                step={step}
                policy={readPolicy()}
                storedPolicy={readStoredPolicy?.()}
                onClose={() => setOpen(false)}
              />
            </Suspense>,
            document.body,
          )
        : null}
    </>
  );
}
