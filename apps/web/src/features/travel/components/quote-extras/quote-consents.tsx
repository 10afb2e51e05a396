import { useState } from 'react';
import { CheckField } from '../../../../components/ui/check-field';
import { Modal } from '../../../../components/ui/modal';
import { useTranslation } from '../../../../lib/i18n';
import { useAgeCopy } from '../use-age-copy';
import styles from './quote-extras.module.css';

const NOTES = ['residents', 'startEnd', 'preExisting', 'age', 'cancel'] as const;

/**
 * The quote page's consents (travel-flow sections 2 and 5): the important notes, the declaration
 * checkbox (quoteDeclarationError when unticked) and, when the campaign has terms and conditions,
 * the terms checkbox with the terms readable in a modal.
 */
export function QuoteConsents({
  id,
  declaration,
  terms,
  termsText,
  errors,
  onChange,
}: {
  id: string;
  declaration: boolean;
  terms: boolean;
  /** The campaign's terms in the page's language; empty when the campaign has none. */
  termsText: string;
  errors: { declaration: string | null; terms: string | null };
  onChange: (kind: 'declaration' | 'terms', ticked: boolean) => void;
}) {
  const { t } = useTranslation();
  const [showTerms, setShowTerms] = useState(false);
  const ageCopy = useAgeCopy();
  return (
    <section className={styles.consents} aria-labelledby={`${id}-notes-title`}>
      <h2 id={`${id}-notes-title`} className={styles.sectionTitle} tabIndex={-1}>
        {t('quoteExtras.notesTitle')}
      </h2>
      <ul className={styles.notes}>
        {NOTES.map((note) => (
          <li key={note}>{note === 'age' ? ageCopy : t(`quoteExtras.notes.${note}`)}</li>
        ))}
      </ul>
      <CheckField
        id={`${id}-declaration`}
        checked={declaration}
        onChange={(ticked) => onChange('declaration', ticked)}
        label={t('quoteExtras.declaration')}
        error={errors.declaration}
      />
      {termsText ? (
        <>
          <CheckField
            id={`${id}-terms`}
            checked={terms}
            onChange={(ticked) => onChange('terms', ticked)}
            label={t('quoteExtras.terms')}
            error={errors.terms}
          >
            <button type="button" className={styles.linkButton} onClick={() => setShowTerms(true)}>
              {t('quoteExtras.readTerms')}
            </button>
          </CheckField>
          <Modal open={showTerms} onClose={() => setShowTerms(false)} title={t('quoteExtras.termsTitle')}>
            <div className={styles.termsText}>{termsText}</div>
          </Modal>
        </>
      ) : null}
    </section>
  );
}
