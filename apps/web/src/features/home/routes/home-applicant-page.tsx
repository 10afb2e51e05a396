import { type TLocalDate, todayIn } from '@lionrock/domain/dates/local-date';
import { dateOfBirthPickerBounds } from '@lionrock/domain/eligibility/ages';
import { validateEmailConfirmed } from '@lionrock/domain/eligibility/people';
import { HK_DISTRICTS } from '@lionrock/domain/home/home-model';
import { MARKETS } from '@lionrock/domain/market/market';
import { listPolicyErrors } from '@lionrock/domain/policy/policy-rules';
import type { TPolicy } from '@lionrock/domain/schemas/policy-schema';
import { Link, Navigate, useNavigate } from 'react-router';
import { Stepper } from '../../../components/ui/stepper';
import { useTranslation } from '../../../lib/i18n';
import { ApplicantDetails } from '../../checkout/components/applicant/applicant-details';
import { FormSummary, useCheckoutForm } from '../../checkout/components/applicant/checkout-form';
import {
  applicantFromValues,
  policyholderFieldOf,
  policyholderValuesOf,
  type TPolicyholderValues,
} from '../../checkout/components/applicant/policyholder-values';
import { SaveForLaterButton } from '../../checkout/components/save-for-later/save-for-later-button';
import { useErrorTitle } from '../../checkout/hooks/use-error-title';
import styles from '../components/home.module.css';
import { Field, useMessageText } from '../components/home-fields';
import { HOME_STEPS } from '../home-steps';
import { type THomePart, useHomeJourney } from '../state/home-journey-store';

type TAddress = Pick<
  THomePart,
  'blockOrHouseNo' | 'streetName' | 'unitNo' | 'buildingName' | 'postalCode' | 'district'
>;
type THomeApplicantValues = TPolicyholderValues & { address: TAddress };

const ADDRESS_FIELDS = [
  'blockOrHouseNo',
  'unitNo',
  'buildingName',
  'streetName',
  'postalCode',
  'district',
] as const;

/**
 * The home applicant (`/home/applicant`; decision 059): the checkout's policyholder part
 * (features/checkout, decision 044) and home's own part, the insured address — Singapore's block or
 * house number, street, unit, building and 6-digit postal code; Hong Kong's flat, floor and block,
 * building, street and district from the list of 18. The domain's apply rules check both before
 * the confirm page.
 */
export function HomeApplicantPage({ today: fixedToday }: { today?: TLocalDate }) {
  const policyId = useHomeJourney((state) => state.policy.policyId);
  const hasPlans = useHomeJourney((state) => state.plans.length > 0);
  if (!policyId) return <Navigate to={hasPlans ? '/home/quote' : '/home'} replace />;
  return <HomeApplicant fixedToday={fixedToday} />;
}

/** The policy with what the page holds: the policyholder and the insured address. */
function changeOf(values: THomeApplicantValues, home: THomePart, country: 'SGP' | 'HKG'): Partial<THomePart> {
  const hongKong = country === 'HKG';
  return {
    blockOrHouseNo: values.address.blockOrHouseNo?.trim(),
    streetName: values.address.streetName?.trim(),
    unitNo: values.address.unitNo?.trim(),
    buildingName: values.address.buildingName?.trim(),
    postalCode: hongKong ? undefined : values.address.postalCode?.trim(),
    district: hongKong && values.address.district ? values.address.district : undefined,
    applicant: applicantFromValues(values, home.applicant, country),
  };
}

/** Where a policy path shows on this page: the address's own fields, else the policyholder's. */
function homeFieldOf(path: string, _messageKey: string, values: THomeApplicantValues): string {
  const own = /^policyHome\.(\w+)$/.exec(path)?.[1];
  if (own && (ADDRESS_FIELDS as readonly string[]).includes(own)) return `address.${own}`;
  return policyholderFieldOf(path, values.clientType) ?? 'root';
}

function HomeApplicant({ fixedToday }: { fixedToday: TLocalDate | undefined }) {
  const { t, language } = useTranslation();
  const messageText = useMessageText();
  const navigate = useNavigate();
  const policy = useHomeJourney((state) => state.policy);
  useErrorTitle('homeQuote.errorTitle');
  const country = policy.country ?? 'SGP';
  const today = fixedToday ?? todayIn(MARKETS[country].timeZone, new Date());
  const home = policy.policyHome;
  const checkout = useCheckoutForm<THomeApplicantValues>({
    defaultValues: {
      ...policyholderValuesOf(home.applicant, country),
      address: Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, home[field] ?? ''])) as TAddress,
    },
    check: (values) => {
      const current = useHomeJourney.getState().policy;
      const next = {
        ...current,
        policyHome: { ...current.policyHome, ...changeOf(values, current.policyHome, country) },
      };
      const messages: Record<string, string> = {};
      for (const failure of listPolicyErrors(next as TPolicy, 'apply', today))
        messages[homeFieldOf(failure.field, failure.messageKey, values)] ??= failure.messageKey;
      const confirmation = validateEmailConfirmed(values.emailConfirmed);
      if (confirmation) messages.emailConfirmed ??= confirmation;
      return messages;
    },
    keep: (values) => {
      const current = useHomeJourney.getState();
      current.setApplicant(changeOf(values, current.policy.policyHome, country));
    },
    fieldOf: homeFieldOf,
  });
  const { form } = checkout;
  const errorOf = (field: string) => messageText(checkout.errorOf(field));
  const { register } = form;
  const hongKong = country === 'HKG';

  const text = (
    name: keyof TAddress,
    label: string,
    options: { hint?: string; maxLength: number; inputMode?: 'numeric' },
  ) => (
    <Field name={`address.${name}`} label={label} hint={options.hint} error={errorOf(`address.${name}`)}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          className={styles.input}
          aria-describedby={describedBy}
          aria-invalid={invalid}
          maxLength={options.maxLength}
          inputMode={options.inputMode}
          autoComplete="off"
          {...register(`address.${name}`)}
        />
      )}
    </Field>
  );

  return (
    <div className={styles.page}>
      <Stepper current={3} steps={HOME_STEPS} />
      <h1>{t('homeApplicant.title')}</h1>
      <form
        className={styles.form}
        noValidate
        onSubmit={checkout.submitWith(() => navigate('/home/confirm'))}
      >
        <div className={styles.wide}>
          <ApplicantDetails
            form={form}
            country={country}
            dateOfBirthBounds={dateOfBirthPickerBounds('PAN', 'applicant', today)}
            errorOf={checkout.errorOf}
            onClientTypeChange={() => form.clearErrors()}
          />
        </div>
        <h2 className={styles.wide}>{t('homeApplicant.addressTitle')}</h2>
        <p className={`${styles.hint} ${styles.wide}`}>{t(`homeApplicant.addressIntro${country}`)}</p>
        {hongKong ? (
          <>
            {text('blockOrHouseNo', t('homeApplicant.flatFloorBlock'), {
              hint: t('homeApplicant.flatFloorBlockHint'),
              maxLength: 40,
            })}
            {text('buildingName', t('homeApplicant.buildingName'), { maxLength: 100 })}
            {text('streetName', t('homeApplicant.street'), { maxLength: 100 })}
            <Field
              name="address.district"
              label={t('homeApplicant.district')}
              error={errorOf('address.district')}
            >
              {({ id, describedBy, invalid }) => (
                <select
                  id={id}
                  className={styles.input}
                  aria-describedby={describedBy}
                  aria-invalid={invalid}
                  {...register('address.district')}
                >
                  <option value="">{t('homeLanding.choose')}</option>
                  {HK_DISTRICTS.map((district) => (
                    <option key={district.code} value={district.code}>
                      {language === 'en'
                        ? district.en
                        : language === 'zh-Hant'
                          ? district.zhHant
                          : district.zhHans}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          </>
        ) : (
          <>
            {text('blockOrHouseNo', t('homeApplicant.blockOrHouseNo'), { maxLength: 20 })}
            {text('streetName', t('homeApplicant.street'), { maxLength: 100 })}
            {text('unitNo', t('homeApplicant.unitNo'), {
              hint: t('homeApplicant.unitNoHint'),
              maxLength: 20,
            })}
            {text('buildingName', t('homeApplicant.buildingNameOptional'), { maxLength: 100 })}
            {text('postalCode', t('homeApplicant.postalCode'), {
              hint: t('homeApplicant.postalCodeHint'),
              maxLength: 6,
              inputMode: 'numeric',
            })}
          </>
        )}
        <FormSummary checkout={checkout} className={`${styles.error} ${styles.wide}`} />
        <div className={styles.actions}>
          <SaveForLaterButton step="applicant" readPolicy={() => useHomeJourney.getState().policy} />
          <Link to="/home/quote" className={styles.secondaryButton}>
            {t('homeQuote.back')}
          </Link>
          <button type="submit" className={styles.submit}>
            {t('homeQuote.next')}
          </button>
        </div>
      </form>
    </div>
  );
}
