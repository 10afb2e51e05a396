import {
  OFFICIAL_DETAILS_MAX_LENGTH,
  OFFICIAL_TYPES,
  setNoOne,
  setOfficialDetails,
  type TOfficials,
  toggleOfficial,
} from '@lionrock/domain/claims/attended-officials';
import { useTranslation } from '../../../lib/i18n';
import styles from './claims.module.css';

/**
 * The attended-officials selector (pa-home-payments section 2): officials by type, each with details
 * of at most 30 characters once chosen, and "no one", which clears and disables the others. The
 * behaviour is the domain's (`setNoOne`, `toggleOfficial`, `setOfficialDetails`). Each report field
 * says its limit and counts against it; a longer text is flagged, never cut silently (issue 29).
 */
export function AttendedOfficials({
  value,
  onChange,
  error,
}: {
  value: TOfficials;
  onChange: (value: TOfficials) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className={styles.choices} aria-describedby={error ? 'officials-error' : undefined}>
      <legend>{t('claims.officials.legend')}</legend>
      <p className={styles.hint}>{t('claims.officials.hint')}</p>
      {OFFICIAL_TYPES.map((type) => {
        const chosen = type in value.officials;
        const details = value.officials[type] ?? '';
        const over = details.length > OFFICIAL_DETAILS_MAX_LENGTH;
        return (
          <div key={type}>
            <label className={styles.choice}>
              <input
                type="checkbox"
                checked={chosen}
                disabled={value.noOne}
                onChange={(event) => onChange(toggleOfficial(value, type, event.target.checked))}
              />
              {t(`claims.officials.types.${type}`)}
            </label>
            {chosen ? (
              <div className={styles.official}>
                <label className={styles.label} htmlFor={`official-${type}`}>
                  {t('claims.officials.details', { official: t(`claims.officials.types.${type}`) })}
                </label>
                <input
                  id={`official-${type}`}
                  className={styles.input}
                  value={details}
                  aria-invalid={over ? true : undefined}
                  aria-describedby={`official-${type}-counter`}
                  onChange={(event) => onChange(setOfficialDetails(value, type, event.target.value))}
                />
                <p
                  id={`official-${type}-counter`}
                  className={over ? styles.error : styles.hint}
                  aria-live="polite"
                >
                  {over
                    ? t('claims.errors.officialDetailsTooLong', { max: OFFICIAL_DETAILS_MAX_LENGTH })
                    : t('claims.incident.counter', {
                        count: details.length,
                        max: OFFICIAL_DETAILS_MAX_LENGTH,
                      })}
                </p>
              </div>
            ) : null}
          </div>
        );
      })}
      <label className={styles.choice}>
        <input
          type="checkbox"
          checked={value.noOne}
          onChange={(event) => onChange(setNoOne(value, event.target.checked))}
        />
        {t('claims.officials.noOne')}
      </label>
      {error ? (
        <p id="officials-error" className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
