import type { TCountry } from '@lionrock/domain/market/market';
import { memo } from 'react';
import { useTranslation } from '../../../../lib/i18n';
import styles from './quote-extras.module.css';

const DOCUMENTS = [
  ['brochure', 'travel-brochure'],
  ['policyWording', 'travel-policyWording'],
  ['covidWording', 'travel-covid19Wording'],
] as const;

/** The market's documents (travel-flow sections 2 and 7): brochure, policy wording, COVID-19 wording. */
export function documentUrl(name: string, country: TCountry): string {
  return `/b2c-server/rest/document/get/${name}?country=${country}`;
}

function QuoteDocumentsView({ id, country }: { id: string; country: TCountry }) {
  const { t } = useTranslation();
  return (
    <section className={styles.documents} aria-labelledby={`${id}-documents`}>
      <h2 id={`${id}-documents`} className={styles.sectionTitle}>
        {t('quoteExtras.documentsTitle')}
      </h2>
      <ul className={styles.documentList}>
        {DOCUMENTS.map(([key, name]) => (
          <li key={key}>
            <a href={documentUrl(name, country)} download={`${name}.pdf`} className={styles.document}>
              {t(`quoteExtras.documents.${key}`)}
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
