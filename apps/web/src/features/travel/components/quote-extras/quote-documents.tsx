import type { TCountry } from '@lionrock/domain/market/market';
import { DOCUMENT_KINDS } from '@lionrock/domain/policy/document-names';
import { memo } from 'react';
import { documentLink } from '../../../../lib/documents';
import { useTranslation } from '../../../../lib/i18n';
import styles from './quote-extras.module.css';

/** The market's documents (travel-flow sections 2 and 7): brochure, policy wording, COVID-19 wording. */

function QuoteDocumentsView({ id, country }: { id: string; country: TCountry }) {
  const { t } = useTranslation();
  return (
    <section className={styles.documents} aria-labelledby={`${id}-documents`}>
      <h2 id={`${id}-documents`} className={styles.sectionTitle}>
        {t('quoteExtras.documentsTitle')}
      </h2>
      <ul className={styles.documentList}>
        {DOCUMENT_KINDS.map((kind) => (
          <li key={kind}>
            <a {...documentLink('travel', kind, country)} className={styles.document}>
              {t(`quoteExtras.documents.${kind}`)}
              <span className="visually-hidden"> {t('quoteExtras.pdf')}</span>
              <span aria-hidden="true" className={styles.pdf}>
                PDF
              </span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Skipped when the quote page re-renders for the same market. */
export const QuoteDocuments = memo(QuoteDocumentsView);
