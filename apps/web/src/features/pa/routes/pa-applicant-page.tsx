import { hasReducedPaBenefits, PA_REDUCED_BENEFIT_AGES } from '@lionrock/domain/eligibility/ages';
import { normaliseForSubmit } from '@lionrock/domain/eligibility/people';
import { validateOccupation } from '@lionrock/domain/pa/occupation';
import { type FormEvent, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { CheckField } from '../../../components/ui/check-field';
import { DismissButton, Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { Stepper } from '../../../components/ui/stepper';
import { useTranslation } from '../../../lib/i18n';
import { SaveForLaterButton } from '../../checkout/components/save-for-later/save-for-later-button';
import { coverStart, validateApplication } from '../components/apply-rules';
import { BenefitTable, KEY_ROWS } from '../components/benefit-table';
import { OccupationPicker } from '../components/occupation-picker';
import { marketToday } from '../components/pa-dates';
import { errorsFor, idTypesOf, PersonFields, type TPersonValues } from '../components/person-fields';
import { useQuoteCall } from '../components/use-quote-call';
import { PA_STEPS } from '../pa-steps';
import { adultOccupations, type TPaPerson, type TPaPolicy, usePaFlowStore } from '../state/pa-flow-store';
import styles from './pa.module.css';

type TContact = { mobileCode: string; mobile: string; email: string; emailConfirmed: boolean };

function personOf(person: TPaPerson | undefined, fallbackType: TPersonValues['idType']): TPersonValues {
  return {
    name: person?.lastName ?? '',
    // The server's answer fills in a default type; until a number is given, the market's first type shows.
    idType: person?.hkId ? (person.idType as TPersonValues['idType']) : fallbackType,
    id: person?.hkId ?? '',
    dateOfBirth: person?.dateOfBirth ?? '',
  };
}

function toPaPerson(values: TPersonValues, current: TPaPerson | undefined): TPaPerson {
  // Names and ID numbers are uppercased on submit (pa-home-payments section 5).
  return normaliseForSubmit(
    {
      ...current,
      lastName: values.name,
      idType: values.idType,
      hkId: values.id,
      dateOfBirth: values.dateOfBirth.trim(),
    },
    ['lastName', 'hkId'],
  );
}

/**
 * The applicant and the insured adults (pa-home-payments sections 2, 4 and 5): the policyholder is
 * Adult 1, the spouse Adult 2 for a family of two adults. Adults 65–70 in Singapore get the age popup
 * (reduced benefits; Cancel or Continue). Continue goes to the children's page when there are any,
 * else prices the plan with the people (rate) and goes to confirm.
 */
export function PaApplicantPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const policy = usePaFlowStore((state) => state.policy);
  const pa = policy.policyPAN;
  const country = policy.country ?? 'SGP';
  const today = marketToday(country);
  const defaultType = idTypesOf(country)[0]!;
  const [adult1, setAdult1] = useState(personOf(pa.insured?.adult1, defaultType));
  const [adult2, setAdult2] = useState(personOf(pa.insured?.adult2, defaultType));
  const [contact, setContact] = useState<TContact>({
    mobileCode: pa.applicant?.mobileNoCountryCode ?? (country === 'HKG' ? '852' : '65'),
    mobile: pa.applicant?.mobileNo ?? '',
    email: pa.applicant?.email ?? '',
    emailConfirmed: pa.applicant?.emailConfirmed ?? false,
  });
  const [failure, setFailure] = useState<{ field: string; messageKey: string } | null>(null);
  const [addingAdult, setAddingAdult] = useState(false);
  const [newOccupation, setNewOccupation] = useState('');
  // The date of birth of an adult aged 65 to 70 (pa-home-payments section 5): the age popup shows their cover.
  const [senior, setSenior] = useState<string | null>(null);
  const agePopup = senior !== null;
  const rate = useQuoteCall();
  if (!pa.selectedPlan) return <Navigate to="/pa/quote" replace />;
  const twoAdults = pa.insuredPersonType === 'family' && pa.family?.numberOfAdults === 2;
  const children = pa.insuredPersonType === 'family' ? (pa.family?.noOfChildren ?? 0) : 0;
  const occupations = adultOccupations(policy);

  /**
   * Add person, adult or child re-rates at once (pa-home-payments section 4): the cover changes, every
   * plan is priced again and the chosen plan kept; a plan no longer offered (D for class 03) goes back
   * to the quote.
   */
  const rerate = async (adults: 1 | 2, childCount: number, secondOccupation?: string) => {
    const store = usePaFlowStore.getState();
    const plan = store.policy.policyPAN.selectedPlan!;
    store.setCover({
      insuredPersonType: adults > 1 || childCount > 0 ? 'family' : 'individual',
      numberOfAdults: adults,
      noOfChildren: childCount,
      occupations: adults > 1 ? [occupations[0] ?? '', secondOccupation ?? ''] : [occupations[0] ?? ''],
    });
    if (!(await rate.run('multirate'))) return;
    if (!usePaFlowStore.getState().plans.some((item) => item.planName === plan)) {
      navigate('/pa/quote');
      return;
    }
    usePaFlowStore.getState().choosePlan(plan);
  };

  const application = (): TPaPolicy => {
    const first = toPaPerson(adult1, pa.insured?.adult1);
    return {
      ...policy,
      policyPAN: {
        ...pa,
        applicant: {
          ...pa.applicant,
          clientType: 'P',
          fullName: first.lastName ?? '',
          idType: first.idType,
          hkId: first.hkId ?? '',
          dateOfBirth: first.dateOfBirth ?? '',
          mobileNoCountryCode: contact.mobileCode.trim(),
          mobileNo: contact.mobile.trim(),
          email: contact.email.trim().toUpperCase(),
          emailConfirmed: contact.emailConfirmed,
          hasAutoRenewal: pa.applicant?.hasAutoRenewal ?? true,
        },
        insured: {
          ...pa.insured,
          adult1: first,
          ...(twoAdults ? { adult2: toPaPerson(adult2, pa.insured?.adult2) } : {}),
          children: pa.insured?.children ?? [],
        },
      },
    };
  };

  const proceed = async (next: TPaPolicy) => {
    const store = usePaFlowStore.getState();
    store.setPeople({
      applicant: next.policyPAN.applicant,
      ...(next.policyPAN.insured?.adult1 ? { adult1: next.policyPAN.insured.adult1 } : {}),
      ...(next.policyPAN.insured?.adult2 ? { adult2: next.policyPAN.insured.adult2 } : {}),
    });
    if (children > 0) {
      navigate('/pa/apply');
      return;
    }
    if (await rate.run('rate')) navigate('/pa/confirm');
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = application();
    const found = validateApplication(next, today, {
      upTo: 'adults',
      emailConfirmed: contact.emailConfirmed,
    });
    setFailure(found);
    if (found) {
      document.getElementById(fieldId(found.field))?.focus();
      return;
    }
    const start = coverStart(next, today);
    const adults = [next.policyPAN.insured?.adult1, twoAdults ? next.policyPAN.insured?.adult2 : undefined];
    const older = adults.find(
      (adult) => adult?.dateOfBirth && hasReducedPaBenefits(country, adult.dateOfBirth, start),
    );
    if (older?.dateOfBirth) {
      setSenior(older.dateOfBirth);
      return;
    }
    void proceed(next);
  };

  const contactError = (field: string) =>
    failure && (failure.field === `policyPAN.applicant.${field}` || failure.field === field)
      ? t(failure.messageKey)
      : null;

  return (
    <main className={styles.page}>
      <Stepper current={3} steps={PA_STEPS} />
      <h1 className={styles.title}>{t('paApply.title')}</h1>
      <p className={styles.intro}>{t('paApply.intro', { plan: pa.selectedPlan })}</p>
      <form noValidate onSubmit={submit} className={styles.stack}>
        <section className={styles.card} aria-labelledby="pa-adult1-title">
          <h2 id="pa-adult1-title">{t('paApply.applicant')}</h2>
          <PersonFields
            prefix="pa-adult1"
            values={adult1}
            onChange={setAdult1}
            country={country}
            errors={{
              ...errorsFor(failure, 'policyPAN.applicant'),
              ...errorsFor(failure, 'policyPAN.insured.adult1'),
            }}
          />
          <div className={styles.grid}>
            <div className={styles.field}>
              <label htmlFor="pa-mobile-code" className={styles.label}>
                {t('paApply.mobileCode')}
              </label>
              <input
                id="pa-mobile-code"
                className={styles.input}
                inputMode="numeric"
                value={contact.mobileCode}
                maxLength={4}
                aria-describedby="pa-mobile-code-error"
                onChange={(event) => setContact({ ...contact, mobileCode: event.target.value })}
              />
              <p id="pa-mobile-code-error" className={styles.error}>
                {contactError('mobileNoCountryCode')}
              </p>
            </div>
            <div className={styles.field}>
              <label htmlFor="pa-mobile" className={styles.label}>
                {t('paApply.mobile')}
              </label>
              <input
                id="pa-mobile"
                className={styles.input}
                inputMode="tel"
                value={contact.mobile}
                maxLength={12}
                aria-describedby="pa-mobile-error"
                onChange={(event) => setContact({ ...contact, mobile: event.target.value })}
              />
              <p id="pa-mobile-error" className={styles.error}>
                {contactError('mobileNo')}
              </p>
            </div>
            <div className={styles.field}>
              <label htmlFor="pa-email" className={styles.label}>
                {t('paApply.email')}
              </label>
              <input
                id="pa-email"
                type="email"
                className={styles.input}
                value={contact.email}
                maxLength={50}
                aria-describedby="pa-email-error"
                onChange={(event) => setContact({ ...contact, email: event.target.value })}
              />
              <p id="pa-email-error" className={styles.error}>
                {contactError('email')}
              </p>
            </div>
          </div>
          <CheckField
            id="pa-email-confirmed"
            checked={contact.emailConfirmed}
            onChange={(emailConfirmed) => setContact({ ...contact, emailConfirmed })}
            label={t('paApply.emailConfirmed')}
            error={contactError('emailConfirmed')}
          />
        </section>
        {twoAdults ? (
          <section className={styles.card} aria-labelledby="pa-adult2-title">
            <h2 id="pa-adult2-title">{t('paApply.spouse')}</h2>
            <PersonFields
              prefix="pa-adult2"
              values={adult2}
              onChange={setAdult2}
              country={country}
              errors={errorsFor(failure, 'policyPAN.insured.adult2')}
            />
            <div className={styles.actions}>
              <button type="button" className={styles.link} onClick={() => void rerate(1, children)}>
                {t('paApply.removeAdult')}
              </button>
            </div>
          </section>
        ) : addingAdult ? (
          <section className={styles.card} aria-labelledby="pa-adult2-title">
            <h2 id="pa-adult2-title">{t('paApply.spouse')}</h2>
            {/* The spouse's occupation prices the family; a declined or agent-only one is not added. */}
            <OccupationPicker
              label={t('paLanding.occupationOf', { number: 2 })}
              value={newOccupation}
              country={country}
              onChange={(code) => {
                setNewOccupation(code);
                if (!validateOccupation(code))
                  void rerate(2, children, code).then(() => setAddingAdult(false));
              }}
            />
          </section>
        ) : null}
        <div className={styles.actions}>
          {twoAdults || addingAdult ? null : (
            <button type="button" className={styles.secondary} onClick={() => setAddingAdult(true)}>
              {pa.insuredPersonType === 'family' ? t('paApply.addAdult') : t('paApply.addPerson')}
            </button>
          )}
          {children === 0 ? (
            <button
              type="button"
              className={styles.secondary}
              onClick={() => void rerate(twoAdults ? 2 : 1, 1, occupations[1])}
            >
              {t('paApply.addChild')}
            </button>
          ) : null}
        </div>
        <section className={styles.notice} aria-labelledby="pa-notes-title">
          <h2 id="pa-notes-title" className={styles.label}>
            {t('paApply.notesTitle')}
          </h2>
          <ul>
            <li>{t('paApply.notes.agent')}</li>
            <li>{t('paApply.notes.exclusions')}</li>
          </ul>
        </section>
        {failure && !fieldShown(failure.field) ? (
          <p className={styles.error} role="alert">
            {t(failure.messageKey)}
          </p>
        ) : null}
        <div className={styles.actions}>
          <SaveForLaterButton step="applicant" readPolicy={() => usePaFlowStore.getState().policy} />
          <button type="button" className={styles.secondary} onClick={() => navigate('/pa/quote')}>
            {t('paQuote.back')}
          </button>
          <button type="submit" className={styles.primary}>
            {t('paOccupation.continue')}
          </button>
        </div>
      </form>
      <Modal open={agePopup} onClose={() => setSenior(null)} title={t('paApply.ageTitle')} size="small">
        <p>
          {t('paApply.ageText', {
            reducedFrom: PA_REDUCED_BENEFIT_AGES.from,
            reducedTo: PA_REDUCED_BENEFIT_AGES.to,
          })}
        </p>
        {senior ? (
          <BenefitTable
            country={country}
            plans={[pa.selectedPlan]}
            rows={KEY_ROWS}
            insured={{ role: 'adult', dateOfBirth: senior, optionalCovers: [] }}
            on={coverStart(policy, today)}
            caption={t('paApply.ageBenefits')}
          />
        ) : null}
        <div className={styles.actions}>
          <DismissButton className={styles.secondary}>{t('paApply.cancel')}</DismissButton>
          <button
            type="button"
            className={styles.primary}
            onClick={() => {
              setSenior(null);
              void proceed(application());
            }}
          >
            {t('paOccupation.continue')}
          </button>
        </div>
      </Modal>
      {rate.busy ? <Spinner label={t('paQuote.pricing')} /> : null}
    </main>
  );
}

/** The input a policy field error belongs to, to move the focus there. */
function fieldId(field: string): string {
  const match = /(applicant|adult1|adult2)\.(fullName|lastName|hkId|dateOfBirth)$/.exec(field);
  if (match) {
    const who = match[1] === 'adult2' ? 'adult2' : 'adult1';
    const what = match[2] === 'hkId' ? 'id' : match[2] === 'dateOfBirth' ? 'dateOfBirth' : 'name';
    return `pa-${who}-${what}`;
  }
  if (field.endsWith('mobileNoCountryCode')) return 'pa-mobile-code';
  if (field.endsWith('mobileNo')) return 'pa-mobile';
  if (field.endsWith('email')) return 'pa-email';
  if (field === 'emailConfirmed') return 'pa-email-confirmed';
  return 'pa-adult1-name';
}

function fieldShown(field: string): boolean {
  return (
    /(applicant|adult1|adult2)\.(fullName|lastName|hkId|dateOfBirth|mobileNoCountryCode|mobileNo|email)$/.test(
      field,
    ) || field === 'emailConfirmed'
  );
}
