import type { TLocalDate } from '@lionrock/domain/dates/local-date';
import { dateOfBirthPickerBounds } from '@lionrock/domain/eligibility/ages';
import { FIELD_LENGTHS } from '@lionrock/domain/eligibility/people';
import { MARKETS, type TCountry } from '@lionrock/domain/market/market';
import { useId } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from '../../../../lib/i18n';
import styles from './applicant-form.module.css';
import type { TApplicantFormValues } from './applicant-form-values';
import { CheckField, describedBy, Field, FieldError } from './form-field';
import { PersonFields } from './person-fields';

/**
 * The policyholder (travel-flow section 2, Applicant): personal or corporate, the person's or the
 * company's details, mobile and e-mail with the "e-mail is correct" box, and for a person the
 * "I'm also travelling" switch that locks the first insured row to these details.
 */
export function ApplicantDetails({
  form,
  country,
  today,
  errorOf,
  onClientTypeChange,
  onTravellerChange,
}: {
  form: UseFormReturn<TApplicantFormValues>;
  country: TCountry;
  today: TLocalDate;
  errorOf: (path: string) => string | undefined;
  onClientTypeChange: (clientType: 'P' | 'C') => void;
  onTravellerChange: (travels: boolean) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const { register, watch, setValue } = form;
  const values = watch();
  const personal = values.clientType === 'P';
  const clientTypeField = register('clientType');
  const travellerField = register('isTraveller');
  const clientTypeError = errorOf('clientType');

  return (
    <section className={styles.section} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.sectionTitle}>
        {t('applicant.policyholderTitle')}
      </h2>
      <div className={styles.grid}>
        <fieldset
          className={`${styles.field} ${styles.wide}`}
          aria-describedby={describedBy(`${id}-clientType`, false, Boolean(clientTypeError))}
        >
          <legend className={styles.label}>{t('applicant.clientType')}</legend>
          <div className={styles.toggle}>
            {(['P', 'C'] as const).map((type) => (
              <label key={type} className={styles.toggleOption}>
                <input
                  type="radio"
                  value={type}
                  {...clientTypeField}
                  onChange={(event) => {
                    void clientTypeField.onChange(event);
                    onClientTypeChange(type);
                  }}
                />
                <span>{t(type === 'P' ? 'applicant.personal' : 'applicant.corporate')}</span>
              </label>
            ))}
          </div>
          <FieldError id={`${id}-clientType`} error={clientTypeError} />
        </fieldset>

        {personal ? (
          <PersonFields
            id={`${id}-person`}
            country={country}
            values={values}
            errors={{
              fullName: errorOf('fullName'),
              idType: errorOf('idType'),
              hkId: errorOf('hkId'),
              dateOfBirth: errorOf('dateOfBirth'),
            }}
            register={{
              fullName: register('fullName'),
              idType: register('idType'),
              hkId: register('hkId'),
              dateOfBirth: register('dateOfBirth'),
            }}
            setIdNumber={(hkId) => setValue('hkId', hkId)}
            bounds={dateOfBirthPickerBounds('PTR', 'applicant', today)}
          />
        ) : (
          <>
            <Field
              id={`${id}-companyName`}
              label={t('applicant.companyName')}
              error={errorOf('companyName')}
              wide
            >
              {(aria) => (
                <input
                  {...aria}
                  type="text"
                  className={styles.input}
                  maxLength={FIELD_LENGTHS.name}
                  autoComplete="organization"
                  {...register('companyName')}
                />
              )}
            </Field>
            <Field
              id={`${id}-uen`}
              label={t('applicant.uen')}
              hint={t('applicant.uenHint')}
              error={errorOf('uen')}
              wide
            >
              {(aria) => (
                <input
                  {...aria}
                  type="text"
                  className={styles.input}
                  maxLength={FIELD_LENGTHS.uen}
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                  {...register('uen')}
                />
              )}
            </Field>
          </>
        )}

        <div className={`${styles.phone} ${styles.wide}`}>
          <Field
            id={`${id}-prefix`}
            label={t('applicant.mobilePrefix')}
            error={errorOf('mobileNoCountryCode')}
          >
            {(aria) => (
              <select
                {...aria}
                className={styles.input}
                autoComplete="tel-country-code"
                {...register('mobileNoCountryCode')}
              >
                {Object.values(MARKETS).map((market) => (
                  <option key={market.phonePrefix} value={market.phonePrefix}>
                    +{market.phonePrefix}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field id={`${id}-mobileNo`} label={t('applicant.mobileNo')} error={errorOf('mobileNo')}>
            {(aria) => (
              <input
                {...aria}
                type="tel"
                inputMode="numeric"
                className={styles.input}
                maxLength={FIELD_LENGTHS.mobile}
                autoComplete="tel-national"
                {...register('mobileNo')}
              />
            )}
          </Field>
        </div>

        <Field
          id={`${id}-email`}
          label={t('applicant.email')}
          hint={t('applicant.emailHint')}
          error={errorOf('email')}
          wide
        >
          {(aria) => (
            <input
              {...aria}
              type="email"
              className={styles.input}
              maxLength={FIELD_LENGTHS.email}
              autoComplete="email"
              spellCheck={false}
              {...register('email')}
            />
          )}
        </Field>
        <CheckField
          id={`${id}-emailConfirmed`}
          label={t('applicant.emailConfirmed', { email: values.email.trim() || t('applicant.yourEmail') })}
          error={errorOf('emailConfirmed')}
        >
          {(aria) => (
            <input {...aria} type="checkbox" className={styles.box} {...register('emailConfirmed')} />
          )}
        </CheckField>

        {personal ? (
          <CheckField
            id={`${id}-isTraveller`}
            label={t('applicant.isTraveller')}
            hint={t('applicant.isTravellerHint')}
            error={undefined}
          >
            {(aria) => (
              <input
                {...aria}
                type="checkbox"
                className={styles.box}
                {...travellerField}
                onChange={(event) => {
                  void travellerField.onChange(event);
                  onTravellerChange(event.target.checked);
                }}
              />
            )}
          </CheckField>
        ) : null}
      </div>
    </section>
  );
}
