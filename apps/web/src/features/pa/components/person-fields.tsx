import { idTypesFor } from '@lionrock/domain/identity/id-number';
import type { TCountry } from '@lionrock/domain/market/market';
import { useTranslation } from '../../../lib/i18n';
import styles from '../routes/pa.module.css';

export type TPersonValues = {
  name: string;
  idType: 'NRIC' | 'HKID' | 'PASSPORT';
  id: string;
  dateOfBirth: string;
};

/** The ID types of the market, the first the default (pa-home-payments section 3, Person). */
export function idTypesOf(country: TCountry): readonly TPersonValues['idType'][] {
  return idTypesFor(country);
}

/**
 * A person's name, ID type, ID number and date of birth (DD/MM/YYYY), each with its message key under
 * it. Changing the ID type clears the number (pa-home-payments section 5).
 */
export function PersonFields({
  prefix,
  values,
  onChange,
  errors,
  country,
  dateHint,
}: {
  prefix: string;
  values: TPersonValues;
  onChange: (values: TPersonValues) => void;
  /** Message keys by field: name, id, dateOfBirth. */
  errors: Partial<Record<'name' | 'id' | 'dateOfBirth', string>>;
  country: TCountry;
  dateHint?: string;
}) {
  const { t } = useTranslation();
  const field = (key: 'name' | 'id' | 'dateOfBirth', label: string, hint?: string) => {
    const id = `${prefix}-${key}`;
    const error = errors[key];
    return (
      <div className={styles.field}>
        <label htmlFor={id} className={styles.label}>
          {label}
        </label>
        <input
          id={id}
          className={styles.input}
          value={key === 'name' ? values.name : key === 'id' ? values.id : values.dateOfBirth}
          maxLength={key === 'dateOfBirth' ? 10 : 50}
          inputMode={key === 'dateOfBirth' ? 'numeric' : undefined}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={[hint ? `${id}-hint` : '', `${id}-error`].filter(Boolean).join(' ')}
          onChange={(event) =>
            onChange({
              ...values,
              [key === 'name' ? 'name' : key === 'id' ? 'id' : 'dateOfBirth']: event.target.value,
            })
          }
        />
        {hint ? (
          <p id={`${id}-hint`} className={styles.hint}>
            {hint}
          </p>
        ) : null}
        <p id={`${id}-error`} className={styles.error} role={error ? 'alert' : undefined}>
          {error ? t(error) : null}
        </p>
      </div>
    );
  };
  return (
    <div className={styles.grid}>
      {field('name', t('paApply.name'))}
      <div className={styles.field}>
        <label htmlFor={`${prefix}-idType`} className={styles.label}>
          {t('paApply.idType')}
        </label>
        <select
          id={`${prefix}-idType`}
          className={styles.input}
          value={values.idType}
          onChange={(event) =>
            onChange({ ...values, idType: event.target.value as TPersonValues['idType'], id: '' })
          }
        >
          {idTypesOf(country).map((type) => (
            <option key={type} value={type}>
              {t(`paApply.idTypes.${type}`)}
            </option>
          ))}
        </select>
      </div>
      {field('id', t('paApply.idNumber'))}
      {field('dateOfBirth', t('paApply.dateOfBirth'), dateHint ?? t('paApply.dateHint'))}
    </div>
  );
}

/** A form field's message from a policy field error: `…adult2.hkId` → id of `adult2`. */
export function errorsFor(
  failure: { field: string; messageKey: string } | null,
  path: string,
): Partial<Record<'name' | 'id' | 'dateOfBirth', string>> {
  if (!failure) return {};
  if (!failure.field.startsWith(`${path}.`)) return {};
  const rest = failure.field.slice(path.length + 1);
  if (rest === 'hkId') return { id: failure.messageKey };
  if (rest === 'dateOfBirth') return { dateOfBirth: failure.messageKey };
  if (rest === 'fullName' || rest === 'lastName') return { name: failure.messageKey };
  return {};
}
