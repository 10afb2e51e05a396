import type { TCountry } from '@lionrock/domain/market/market';
import {
  isOccupationDeclined,
  OCCUPATIONS,
  OTHERS_OCCUPATION,
  type TOccupation,
  validateOccupation,
} from '@lionrock/domain/pa/occupation';
import { useId, useState } from 'react';
import { Modal } from '../../../components/ui/modal';
import { documentLink } from '../../../lib/documents';
import { useTranslation } from '../../../lib/i18n';
import styles from '../routes/pa.module.css';
import { occupationLabel, searchOccupationList } from './occupation-search';

/**
 * The occupation of one adult (pa-home-payments sections 2, 3 and 5): a search over the job list in the
 * page's language, each job with its class; "Others" says to see an agent; a class-04 job opens the
 * not-covered popup (major exclusions, brochure and wording, and the referral when the page offers it)
 * and stays an error.
 */
export function OccupationPicker({
  label,
  value,
  onChange,
  country,
  error,
  onRefer,
}: {
  label: string;
  value: string;
  onChange: (code: string) => void;
  country: TCountry;
  /** A message key shown under the field (the form's submit check). */
  error?: string | null;
  /** Offered in the not-covered popup: refer the declined job to the underwriters (decision 089). */
  onRefer?: (code: string) => void;
}) {
  const { t, language: lang } = useTranslation();
  const id = useId();
  const [query, setQuery] = useState('');
  const [declinedOpen, setDeclinedOpen] = useState(false);
  const found = searchOccupationList(query, lang);
  const chosen = OCCUPATIONS.find((occupation) => occupation.code === value);
  // Others and class 04 speak at once; "required" waits for the submit.
  const rule = value ? validateOccupation(value) : null;
  const shown = rule ?? error ?? null;
  const choose = (occupation: TOccupation) => {
    onChange(occupation.code);
    if (isOccupationDeclined(occupation.code)) setDeclinedOpen(true);
  };
  return (
    <fieldset className={styles.field} aria-describedby={shown ? `${id}-error` : undefined}>
      <legend className={styles.label}>{label}</legend>
      <label htmlFor={`${id}-search`} className={styles.hint}>
        {t('paOccupation.search')}
      </label>
      <input
        id={`${id}-search`}
        type="search"
        className={styles.input}
        value={query}
        autoComplete="off"
        onChange={(event) => setQuery(event.target.value)}
      />
      <p className={styles.hint} aria-live="polite">
        {chosen
          ? t('paOccupation.chosen', { occupation: occupationLabel(chosen, lang) })
          : t('paOccupation.found', { count: found.length })}
      </p>
      <ul className={styles.options}>
        {found.map((occupation) => (
          <li key={occupation.code}>
            <label className={styles.choice}>
              <input
                type="radio"
                name={`${id}-occupation`}
                value={occupation.code}
                checked={value === occupation.code}
                onChange={() => choose(occupation)}
              />
              {occupationLabel(occupation, lang)}
              {occupation.occupationClass ? (
                <span className={styles.className}>
                  {t('paOccupation.class', { occupationClass: occupation.occupationClass })}
                </span>
              ) : null}
            </label>
          </li>
        ))}
      </ul>
      <p id={`${id}-error`} className={styles.error} role={shown ? 'alert' : undefined}>
        {shown ? t(shown) : null}
      </p>
      {value === OTHERS_OCCUPATION ? <p className={styles.notice}>{t('paOccupation.agentMessage')}</p> : null}
      <NotCoveredModal
        open={declinedOpen}
        onClose={() => setDeclinedOpen(false)}
        country={country}
        // Closed first: a page that still needs an answer (the declaration) shows its errors behind it.
        {...(onRefer
          ? {
              onRefer: () => {
                setDeclinedOpen(false);
                onRefer(value);
              },
            }
          : {})}
      />
    </fieldset>
  );
}

/** The occupation-not-covered popup (pa-home-payments sections 2 and 8). */
export function NotCoveredModal({
  open,
  onClose,
  country,
  onRefer,
}: {
  open: boolean;
  onClose: () => void;
  country: TCountry;
  /** The underwriters may still accept the job on their terms (decision 089). */
  onRefer?: () => void;
}) {
  const { t } = useTranslation();
  const brochure = documentLink('pa', 'brochure', country);
  const wording = documentLink('pa', 'policyWording', country);
  return (
    <Modal open={open} onClose={onClose} title={t('paOccupation.notCoveredTitle')}>
      <p>{t('paOccupation.notCoveredText')}</p>
      <h3>{t('paOccupation.exclusionsTitle')}</h3>
      <ul>
        {(['war', 'hazardous', 'selfInflicted', 'influence'] as const).map((key) => (
          <li key={key}>{t(`paOccupation.exclusions.${key}`)}</li>
        ))}
      </ul>
      <p>
        <a href={brochure.href} download={brochure.download}>
          {t('paOccupation.brochure')}
        </a>
        {' · '}
        <a href={wording.href} download={wording.download}>
          {t('paOccupation.wording')}
        </a>
      </p>
      {onRefer ? (
        <>
          <p>{t('paOccupation.referText')}</p>
          <button type="button" className={styles.secondary} onClick={onRefer}>
            {t('paOccupation.referButton')}
          </button>
        </>
      ) : null}
    </Modal>
  );
}
