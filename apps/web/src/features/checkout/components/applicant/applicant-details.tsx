import type { TLocalDate } from '@lionrock/domain/dates/local-date';
import { FIELD_LENGTHS } from '@lionrock/domain/eligibility/people';
import { MARKETS, type TCountry } from '@lionrock/domain/market/market';
import { type ReactNode, useId } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from '../../../../lib/i18n';
import styles from './applicant-form.module.css';
import { CheckField, describedBy, Field, FieldError } from './form-field';
import { PersonFields } from './person-fields';
import type { TPolicyholderValues } from './policyholder-values';

/**
 * The policyholder of every product (travel-flow section 2, Applicant; decision 044): personal or
 * corporate, the person's or the company's details, mobile with the market prefix and e-mail with the
 * "e-mail is correct" box. `personalExtra` is the product's own question for a personal policyholder
 * (travel: "I'm also travelling"), shown last.
 */
export function ApplicantDetails<TValues extends TPolicyholderValues>({
  form: productForm,
  country,
  dateOfBirthBounds,
  errorOf,
  onClientTypeChange,
  personalExtra,
}: {
  form: UseFormReturn<TValues>;
  country: TCountry;
  /** The product's date-of-birth window for a policyholder (domain: dateOfBirthPickerBounds). */
  dateOfBirthBounds: { earliest: TLocalDate; latest: TLocalDate };
  errorOf: (path: string) => string | undefined;
  onClientTypeChange: (clientType: 'P' | 'C') => void;
  personalExtra?: ReactNode;
}) {
  const { t } = useTranslation();
  const id = useId();
  // The product's form holds these fields among its own; react-hook-form types paths per form.
  const form = productForm as unknown as UseFormReturn<TPolicyholderValues>;
  const { register, watch, setValue } = form;
  const values = watch();
  const personal = values.clientType === 'P';
  const clientTypeField = register('clientType');
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
            bounds={dateOfBirthBounds}
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

        {personal ? personalExtra : null}
      </div>
    </section>
  );
}
