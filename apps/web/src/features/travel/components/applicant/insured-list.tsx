import { formatDmy, parseIso, type TLocalDate } from '@lionrock/domain/dates/local-date';
import { dateOfBirthPickerBounds, shouldAutoTickStudent } from '@lionrock/domain/eligibility/ages';
import type { TCountry } from '@lionrock/domain/market/market';
import {
  canAddInsured,
  canRemoveInsured,
  type TInsuredType,
  TRAVELLER_LIMITS,
  type TTravellers,
} from '@lionrock/domain/travel/trip-rules';
import { useId } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { Tooltip } from '../../../../components/ui/tooltip';
import { useTranslation } from '../../../../lib/i18n';
import styles from '../../../checkout/components/applicant/applicant-form.module.css';
import { CheckField } from '../../../checkout/components/applicant/form-field';
import { MirroredPerson, PersonFields } from '../../../checkout/components/applicant/person-fields';
import { useAgeCopy } from '../use-age-copy';
import type { TApplicantFormValues } from './applicant-form-values';

/** "Traveller 2", or for a family "Adult 2" / "Child 1". */
export function useRowNames() {
  const { t } = useTranslation();
  return (travellers: TTravellers, rows: readonly { type: TInsuredType }[]) => {
    const counted = { ADULT: 0, CHILD: 0 };
    return rows.map((row, index) => {
      counted[row.type] += 1;
      if (travellers.travellerType !== 'FM') return t('applicant.travellerN', { number: index + 1 });
      return t(row.type === 'ADULT' ? 'applicant.adultN' : 'applicant.childN', { number: counted[row.type] });
    });
  };
}

/**
 * The insured persons (travel-flow section 2, Applicant): one row per traveller of the quote, the first
 * locked to the applicant who travels; children have the full-time-student tick, set by itself from 18
 * (section 4). Rows are added and removed within the counts (section 5), each change re-rated.
 */
export function InsuredList({
  form,
  rowKeys,
  travellers,
  locked,
  country,
  today,
  departure,
  busy,
  errorOf,
  onAdd,
  onRemove,
}: {
  form: UseFormReturn<TApplicantFormValues>;
  rowKeys: string[];
  travellers: TTravellers;
  locked: boolean;
  country: TCountry;
  today: TLocalDate;
  departure: TLocalDate;
  busy: boolean;
  errorOf: (path: string) => string | undefined;
  onAdd: (type: TInsuredType) => void;
  onRemove: (index: number) => void;
}) {
  const { t } = useTranslation();
  const ageCopy = useAgeCopy();
  const id = useId();
  const { register, watch, setValue, formState } = form;
  const values = watch();
  const names = useRowNames()(travellers, values.insured);
  const addButtons: TInsuredType[] =
    travellers.travellerType === 'FM'
      ? ['ADULT', 'CHILD']
      : travellers.travellerType === 'ID'
        ? ['ADULT']
        : [];

  return (
    <section className={styles.section} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.sectionTitle}>
        {t('applicant.insuredTitle')}
      </h2>
      <p className={styles.sectionIntro}>
        {t('applicant.insuredIntro')}
        <Tooltip label={t('applicant.whoCanBeInsured')}>{ageCopy}</Tooltip>
      </p>
      <ol className={styles.rows}>
        {rowKeys.map((key, index) => {
          const row = values.insured[index];
          if (!row) return null;
          const rowId = `${id}-row${index}`;
          const path = `insured.${index}` as const;
          const mirrored = locked && index === 0;
          const bounds = dateOfBirthPickerBounds('PTR', row.type === 'CHILD' ? 'child' : 'adult', today);
          const dateOfBirth = register(`${path}.dateOfBirth`, {
            onChange: (event: { target: { value: string } }) => {
              if (row.type !== 'CHILD') return;
              const date = parseIso(event.target.value);
              const student = date
                ? shouldAutoTickStudent('PTR', country, formatDmy(date), departure)
                : false;
              setValue(`${path}.fullTimeStudent`, student, { shouldValidate: formState.isSubmitted });
            },
          });
          return (
            <li key={key} className={styles.row}>
              <fieldset className={styles.rowFields}>
                <legend className={styles.rowTitle}>{names[index]}</legend>
                {mirrored ? (
                  <>
                    <p id={`${rowId}-locked`} className={`${styles.hint} ${styles.wide}`}>
                      {t('applicant.lockedHint')}
                    </p>
                    <MirroredPerson id={rowId} values={values} />
                  </>
                ) : (
                  <PersonFields
                    id={rowId}
                    country={country}
                    values={row}
                    errors={{
                      fullName: errorOf(`${path}.fullName`),
                      idType: errorOf(`${path}.idType`),
                      hkId: errorOf(`${path}.hkId`),
                      dateOfBirth: errorOf(`${path}.dateOfBirth`),
                    }}
                    register={{
                      fullName: register(`${path}.fullName`),
                      idType: register(`${path}.idType`),
                      hkId: register(`${path}.hkId`),
                      dateOfBirth,
                    }}
                    setIdNumber={(hkId) => setValue(`${path}.hkId`, hkId)}
                    bounds={bounds}
                  />
                )}
                {row.type === 'CHILD' ? (
                  <CheckField
                    id={`${rowId}-student`}
                    label={t('applicant.student')}
                    hint={t('applicant.studentHint')}
                    error={errorOf(`${path}.fullTimeStudent`)}
                  >
                    {(aria) => (
                      <input
                        {...aria}
                        type="checkbox"
                        className={styles.box}
                        {...register(`${path}.fullTimeStudent`)}
                      />
                    )}
                  </CheckField>
                ) : null}
              </fieldset>
              {canRemoveInsured(travellers, index) ? (
                <button
                  type="button"
                  className={styles.remove}
                  aria-label={t('applicant.removeNamed', { name: names[index] })}
                  disabled={busy}
                  onClick={() => onRemove(index)}
                >
                  {t('applicant.remove')}
                </button>
              ) : null}
            </li>
          );
        })}
      </ol>
      {addButtons.length > 0 ? (
        <div className={styles.addRow}>
          {addButtons.map((type) => {
            const allowed = canAddInsured(travellers, type);
            const label = t(
              travellers.travellerType === 'FM'
                ? type === 'ADULT'
                  ? 'applicant.addAdult'
                  : 'applicant.addChild'
                : 'applicant.addTraveller',
            );
            // aria-disabled, not disabled: the button keeps keyboard focus when the limit is reached.
            return (
              <button
                key={type}
                type="button"
                className={styles.add}
                aria-disabled={!allowed || busy}
                aria-describedby={allowed ? undefined : `${id}-limit-${type}`}
                onClick={() => allowed && !busy && onAdd(type)}
              >
                {label}
              </button>
            );
          })}
          {addButtons
            .filter((type) => !canAddInsured(travellers, type))
            .map((type) => (
              <p key={type} id={`${id}-limit-${type}`} className={styles.hint}>
                {type === 'CHILD'
                  ? t('applicant.limits.children', { max: TRAVELLER_LIMITS.maxChildren })
                  : travellers.travellerType === 'FM'
                    ? t('applicant.limits.adults', { max: TRAVELLER_LIMITS.maxAdults })
                    : t('applicant.limits.individuals', { max: TRAVELLER_LIMITS.maxIndividuals })}
              </p>
            ))}
        </div>
      ) : null}
    </section>
  );
}
