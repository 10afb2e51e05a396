import {
  isReferralReason,
  type TReferralContact,
  type TReferralReason,
  validateReferralContact,
} from '@lionrock/domain/back-office/referral-rules';
import { formatDmy } from '@lionrock/domain/dates/local-date';
import { idTypesFor } from '@lionrock/domain/identity/id-number';
import { OCCUPATIONS, occupationLabel } from '@lionrock/domain/pa/occupation';
import { type FormEvent, useId, useState } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { CheckField } from '../../../components/ui/check-field';
import { ApiCallError, postJson } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { useSystemStore } from '../../../state/system-store';
import { marketToday } from '../components/pa-dates';
import { usePaFlowStore } from '../state/pa-flow-store';
import styles from './pa.module.css';

type TErrors = Partial<Record<keyof TReferralContact | 'form', string>>;

/**
 * "Ask our underwriters" (decision 089): the quote the shop cannot price online (a declined
 * occupation, a Hong Kong claims history over the limit), the customer's name, ID number, mobile and
 * e-mail with consent to be contacted, checked by the domain's rules, sent to the underwriters' queue.
 * The server re-rates the quote to confirm the refusal; the answer comes by e-mail.
 */
export function PaReferPage() {
  const { t } = useTranslation();
  const id = useId();
  const location = useLocation();
  const policy = usePaFlowStore((state) => state.policy);
  const lang = useSystemStore((state) => state.lang);
  const country = policy.country ?? 'SGP';
  const reasonParam = new URLSearchParams(location.search).get('reason');
  const reason: TReferralReason | null = isReferralReason(reasonParam) ? reasonParam : null;
  const [contact, setContact] = useState<TReferralContact>({
    fullName: '',
    idType: idTypesFor(country)[0]!,
    idNumber: '',
    mobileNoCountryCode: country === 'HKG' ? '852' : '65',
    mobileNo: '',
    email: '',
    consent: false,
  });
  const [errors, setErrors] = useState<TErrors>({});
  const [busy, setBusy] = useState(false);
  const [reference, setReference] = useState<string | null>(null);
  if (!reason || !policy.policyPAN?.insured?.adult1?.occupation) return <Navigate to="/pa" replace />;

  const pa = policy.policyPAN;
  const adults = [pa.insured?.adult1, pa.insured?.adult2].slice(
    0,
    pa.insuredPersonType === 'family' ? (pa.family?.numberOfAdults ?? 1) : 1,
  );
  const language = lang === 'zh' ? (country === 'HKG' ? 'zh-Hant' : 'zh-Hans') : 'en';
  // The underwriters price the cover from a start date: the one chosen, else today.
  const effectiveDate = pa.effectiveDate || formatDmy(marketToday(country));
  const update = (change: Partial<TReferralContact>) => {
    setContact((current) => ({ ...current, ...change }));
    // A field the customer corrects drops its message until the next send.
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(change)) delete next[key as keyof TReferralContact];
      return next;
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: TErrors = {};
    for (const problem of validateReferralContact(country, contact))
      found[problem.field] = t(problem.messageKey);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const answer = await postJson<{ reference: string }>('/b2c-server/rest/referral', {
        policy: { ...policy, policyPAN: { ...pa, effectiveDate } },
        contact,
        language: lang === 'zh' ? 'zh' : 'en',
      });
      setReference(answer.reference);
    } catch (error) {
      const field = error instanceof ApiCallError ? (error.field ?? '') : '';
      const key = error instanceof ApiCallError && error.messageKey ? error.messageKey : 'referral.failed';
      const own = field.startsWith('contact.')
        ? (field.slice('contact.'.length) as keyof TReferralContact)
        : null;
      setErrors(own ? { [own]: t(key) } : { form: t(key) });
    } finally {
      setBusy(false);
    }
  };

  if (reference)
    return (
      <main className={styles.page}>
        <h1 className={styles.title}>{t('referral.doneTitle')}</h1>
        <p className={styles.intro} role="status">
          {t('referral.doneText', { reference })}
        </p>
        <div className={styles.actions}>
          <Link className={styles.secondary} to="/pa">
            {t('referral.startAgain')}
          </Link>
        </div>
      </main>
    );

  const field = (
    key: 'fullName' | 'idNumber' | 'mobileNoCountryCode' | 'mobileNo' | 'email',
    props: { inputMode?: 'numeric' | 'email' | 'tel'; autoComplete?: string; type?: string } = {},
  ) => (
    <div className={styles.field}>
      <label htmlFor={`${id}-${key}`} className={styles.label}>
        {t(`referral.${key}`)}
      </label>
      <input
        id={`${id}-${key}`}
        className={styles.input}
        value={contact[key]}
        onChange={(event) => update({ [key]: event.target.value })}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={`${id}-${key}-error`}
        {...props}
      />
      <p id={`${id}-${key}-error`} className={styles.error}>
        {errors[key] ?? null}
      </p>
    </div>
  );

  return (
    <main className={styles.page}>
      <h1 className={styles.title}>{t('referral.title')}</h1>
      <p className={styles.intro}>{t('referral.intro')}</p>
      <section className={styles.card} aria-labelledby={`${id}-summary`}>
        <h2 id={`${id}-summary`} className={styles.label}>
          {t('referral.summaryTitle')}
        </h2>
        <p>{t(`referral.why.${reason}`)}</p>
        <dl className={styles.lines}>
          {adults.map((adult, index) => {
            const found = OCCUPATIONS.find((occupation) => occupation.code === adult?.occupation);
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: one line per adult, by position
              <div key={index}>
                <dt>{t('referral.occupationOf', { number: index + 1 })}</dt>
                <dd>{found ? occupationLabel(found, language) : ''}</dd>
              </div>
            );
          })}
          {country === 'HKG' ? (
            <div>
              <dt>{t('referral.claims')}</dt>
              <dd>HK${pa.largestClaimInThreeYears ?? 0}</dd>
            </div>
          ) : null}
          <div>
            <dt>{t('referral.startDate')}</dt>
            <dd>{effectiveDate}</dd>
          </div>
        </dl>
      </section>
      <form
        className={`${styles.card} ${styles.stack}`}
        noValidate
        onSubmit={submit}
        aria-label={t('referral.title')}
      >
        {field('fullName', { autoComplete: 'name' })}
        <div className={styles.grid}>
          <div className={styles.field}>
            <label htmlFor={`${id}-idType`} className={styles.label}>
              {t('referral.idType')}
            </label>
            <select
              id={`${id}-idType`}
              className={styles.input}
              value={contact.idType}
              onChange={(event) =>
                update({ idType: event.target.value as TReferralContact['idType'], idNumber: '' })
              }
            >
              {idTypesFor(country).map((type) => (
                <option key={type} value={type}>
                  {t(`referral.idTypes.${type}`)}
                </option>
              ))}
            </select>
          </div>
          {field('idNumber', { autoComplete: 'off' })}
        </div>
        <div className={styles.grid}>
          {field('mobileNoCountryCode', { inputMode: 'numeric', autoComplete: 'tel-country-code' })}
          {field('mobileNo', { inputMode: 'tel', autoComplete: 'tel-national' })}
        </div>
        {field('email', { inputMode: 'email', autoComplete: 'email', type: 'email' })}
        <CheckField
          id={`${id}-consent`}
          checked={contact.consent}
          onChange={(consent) => update({ consent })}
          label={t('referral.consent')}
          error={errors.consent ?? null}
        />
        {errors.form ? (
          <p className={styles.error} role="alert">
            {errors.form}
          </p>
        ) : null}
        <div className={styles.actions}>
          <Link className={styles.secondary} to="/pa/occupation">
            {t('referral.back')}
          </Link>
          <button type="submit" className={styles.primary} disabled={busy} aria-busy={busy}>
            {busy ? t('referral.sending') : t('referral.submit')}
          </button>
        </div>
      </form>
    </main>
  );
}
