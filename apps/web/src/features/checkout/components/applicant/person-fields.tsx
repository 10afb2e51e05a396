import { parseIso, type TLocalDate } from '@lionrock/domain/dates/local-date';
import { FIELD_LENGTHS } from '@lionrock/domain/eligibility/people';
import { changeIdType, idTypesFor, type TIdType } from '@lionrock/domain/identity/id-number';
import type { TCountry } from '@lionrock/domain/market/market';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { RegisteredDateField } from '../../../../components/ui/date-field-registered';
import { formatDisplayDate } from '../../../../lib/format-date';
import { useTranslation } from '../../../../lib/i18n';
import { useSystemStore } from '../../../../state/system-store';
import styles from './applicant-form.module.css';
import { Field } from './form-field';

/** The date as people read it ("15 Jun 1985"), beside the DD/MM/YYYY field (decision 012). */
export function useDateHint() {
  const lang = useSystemStore((state) => state.lang);
  return (iso: string) => {
    const date = parseIso(iso);
    return date ? formatDisplayDate(date, lang) : undefined;
  };
}

export type TPersonFieldNames = { fullName: string; idType: string; hkId: string; dateOfBirth: string };

/**
 * Name, ID type and number, date of birth: the applicant's and each insured's. Changing the ID type
 * clears the number (travel-flow section 5, ID).
 */
export function PersonFields({
  id,
  country,
  values,
  errors,
  register,
  setIdNumber,
  bounds,
}: {
  id: string;
  country: TCountry;
  values: { idType: TIdType; hkId: string; dateOfBirth: string };
  errors: Partial<Record<keyof TPersonFieldNames, string | undefined>>;
  register: {
    fullName: UseFormRegisterReturn;
    idType: UseFormRegisterReturn;
    hkId: UseFormRegisterReturn;
    dateOfBirth: UseFormRegisterReturn;
  };
  setIdNumber: (hkId: string) => void;
  bounds: { earliest: TLocalDate; latest: TLocalDate };
}) {
  const { t } = useTranslation();
  const dateHint = useDateHint();
  return (
    <>
      <Field id={`${id}-fullName`} label={t('applicant.fullName')} error={errors.fullName} wide>
        {(aria) => (
          <input
            {...aria}
            type="text"
            className={styles.input}
            maxLength={FIELD_LENGTHS.name}
            autoComplete="off"
            spellCheck={false}
            {...register.fullName}
          />
        )}
      </Field>
      <Field id={`${id}-idType`} label={t('applicant.idType')} error={errors.idType}>
        {(aria) => (
          <select
            {...aria}
            className={styles.input}
            {...register.idType}
            onChange={(event) => {
              const next = changeIdType(values, event.target.value as TIdType);
              void register.idType.onChange(event);
              setIdNumber(next.hkId);
            }}
          >
            {idTypesFor(country).map((type) => (
              <option key={type} value={type}>
                {t(`applicant.idTypes.${type}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field id={`${id}-hkId`} label={t('applicant.idNumber')} error={errors.hkId}>
        {(aria) => (
          <input
            {...aria}
            type="text"
            className={styles.input}
            maxLength={FIELD_LENGTHS.id}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            {...register.hkId}
          />
        )}
      </Field>
      <Field
        id={`${id}-dateOfBirth`}
        label={t('applicant.dateOfBirth')}
        hint={dateHint(values.dateOfBirth)}
        error={errors.dateOfBirth}
      >
        {(aria) => (
          <RegisteredDateField
            {...aria}
            label={t('applicant.dateOfBirth')}
            className={styles.input}
            earliest={bounds.earliest}
            latest={bounds.latest}
            {...register.dateOfBirth}
          />
        )}
      </Field>
    </>
  );
}

/** The locked first insured row: the applicant's own details, shown and not editable. */
export function MirroredPerson({
  id,
  values,
}: {
  id: string;
  values: { fullName: string; idType: TIdType; hkId: string; dateOfBirth: string };
}) {
  const { t } = useTranslation();
  const dateHint = useDateHint();
  const shown: [string, string, string][] = [
    ['fullName', t('applicant.fullName'), values.fullName],
    ['idType', t('applicant.idType'), t(`applicant.idTypes.${values.idType}`)],
    ['hkId', t('applicant.idNumber'), values.hkId],
    ['dateOfBirth', t('applicant.dateOfBirth'), dateHint(values.dateOfBirth) ?? ''],
  ];
  return (
    <>
      {shown.map(([field, label, value]) => (
        <div key={field} className={`${styles.field} ${field === 'fullName' ? styles.wide : ''}`}>
          <label htmlFor={`${id}-${field}`} className={styles.label}>
            {label}
          </label>
          <input
            id={`${id}-${field}`}
            type="text"
            className={styles.input}
            value={value}
            readOnly
            aria-describedby={`${id}-locked`}
          />
        </div>
      ))}
    </>
  );
}
