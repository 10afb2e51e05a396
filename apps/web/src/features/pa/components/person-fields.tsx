import { idTypesFor } from '@lionrock/domain/identity/id-number';
import type { TCountry } from '@lionrock/domain/market/market';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import { useMessage } from '../../checkout/components/applicant/form-field';
import styles from '../routes/pa.module.css';

export type TPersonValues = {
  name: string;
  idType: 'NRIC' | 'HKID' | 'PASSPORT';
  id: string;
  dateOfBirth: string;
};
export type TPersonKey = keyof TPersonValues;

/** The ID types of the market, the first the default (pa-home-payments section 3, Person). */
export function idTypesOf(country: TCountry): readonly TPersonValues['idType'][] {
  return idTypesFor(country);
}

/**
 * A person's name, ID type, ID number and date of birth (DD/MM/YYYY), registered with the page's form
 * (`field`), each with its message under it (`errorOf`). Changing the ID type clears the number
 * (pa-home-payments section 5).
 */
export function PersonFields({
  prefix,
  field,
  errorOf,
  onIdTypeChange,
  country,
  dateHint,
}: {
  prefix: string;
  /** The form's registration of one of the person's fields. */
  field: (key: TPersonKey) => UseFormRegisterReturn;
  /** The message key a field shows. */
  errorOf: (key: TPersonKey) => string | undefined;
  /** Clears the number when the type changes. */
  onIdTypeChange: () => void;
  country: TCountry;
  dateHint?: string;
}) {
  const { t } = useTranslation();
  const message = useMessage();
  const text = (key: 'name' | 'id' | 'dateOfBirth', label: string, hint?: string) => {
    const id = `${prefix}-${key}`;
    const error = errorOf(key);
    return (
      <div className={styles.field}>
        <label htmlFor={id} className={styles.label}>
          {label}
        </label>
        <input
          id={id}
          className={styles.input}
          maxLength={key === 'dateOfBirth' ? 10 : 50}
          inputMode={key === 'dateOfBirth' ? 'numeric' : undefined}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={[hint ? `${id}-hint` : '', `${id}-error`].filter(Boolean).join(' ')}
          {...field(key)}
        />
        {hint ? (
          <p id={`${id}-hint`} className={styles.hint}>
            {hint}
          </p>
        ) : null}
        <p id={`${id}-error`} className={styles.error}>
          {error ? message(error) : null}
        </p>
      </div>
    );
  };
  const idType = field('idType');
  return (
    <div className={styles.grid}>
      {text('name', t('paApply.name'))}
      <div className={styles.field}>
        <label htmlFor={`${prefix}-idType`} className={styles.label}>
          {t('paApply.idType')}
        </label>
        <select
          id={`${prefix}-idType`}
          className={styles.input}
          {...idType}
          onChange={(event) => {
            void idType.onChange(event);
            onIdTypeChange();
          }}
        >
          {idTypesOf(country).map((type) => (
            <option key={type} value={type}>
              {t(`paApply.idTypes.${type}`)}
            </option>
          ))}
        </select>
      </div>
      {text('id', t('paApply.idNumber'))}
      {text('dateOfBirth', t('paApply.dateOfBirth'), dateHint ?? t('paApply.dateHint'))}
    </div>
  );
}

/**
 * Where a policy path shows on a page of people: `policyPAN.insured.adult2.hkId` → `adult2.id`,
 * `policyPAN.applicant.fullName` → `adult1.name` (the applicant is the first adult). Null for a path
 * that is not a person's name, ID or date of birth.
 */
export function personFieldOf(path: string): string | null {
  const match =
    /^policyPAN\.(applicant|insured\.adult1|insured\.adult2|insured\.children\.\d+)\.(fullName|lastName|idType|hkId|dateOfBirth)$/.exec(
      path,
    );
  if (!match) return null;
  const who = match[1] === 'applicant' ? 'adult1' : match[1]!.replace(/^insured\./, '');
  const what = {
    fullName: 'name',
    lastName: 'name',
    idType: 'idType',
    hkId: 'id',
    dateOfBirth: 'dateOfBirth',
  }[match[2] as 'fullName'];
  return `${who}.${what}`;
}
