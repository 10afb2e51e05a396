import { hasReducedPaBenefits, PA_REDUCED_BENEFIT_AGES } from '@lionrock/domain/eligibility/ages';
import { normaliseForSubmit } from '@lionrock/domain/eligibility/people';
import { validateOccupation } from '@lionrock/domain/pa/occupation';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { CheckField } from '../../../components/ui/check-field';
import { DismissButton, Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { Stepper } from '../../../components/ui/stepper';
import { useTranslation } from '../../../lib/i18n';
import { FormSummary, useCheckoutForm } from '../../checkout/components/applicant/checkout-form';
import { useMessage } from '../../checkout/components/applicant/form-field';
import { SaveForLaterButton } from '../../checkout/components/save-for-later/save-for-later-button';
import { coverStart, listApplicationErrors } from '../components/apply-rules';
import { BenefitTable, KEY_ROWS } from '../components/benefit-table';
import { OccupationPicker } from '../components/occupation-picker';
import { marketToday } from '../components/pa-dates';
import {
  idTypesOf,
  PersonFields,
  personFieldOf,
  type TPersonKey,
  type TPersonValues,
} from '../components/person-fields';
import { useQuoteCall } from '../components/use-quote-call';
import { PA_STEPS } from '../pa-steps';
import { adultOccupations, type TPaPerson, type TPaPolicy, usePaFlowStore } from '../state/pa-flow-store';
import styles from './pa.module.css';

type TPaApplicantValues = {
  adult1: TPersonValues;
  adult2: TPersonValues;
  mobileCode: string;
  mobile: string;
  email: string;
  emailConfirmed: boolean;
};

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

/** The policy with what the page holds: the applicant is the first adult, the spouse the second. */
function applicationOf(policy: TPaPolicy, values: TPaApplicantValues): TPaPolicy {
  const pa = policy.policyPAN;
  const twoAdults = pa.insuredPersonType === 'family' && pa.family?.numberOfAdults === 2;
  const first = toPaPerson(values.adult1, pa.insured?.adult1);
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
        mobileNoCountryCode: values.mobileCode.trim(),
        mobileNo: values.mobile.trim(),
        email: values.email.trim(),
        emailConfirmed: values.emailConfirmed,
        hasAutoRenewal: pa.applicant?.hasAutoRenewal ?? true,
      },
      insured: {
        ...pa.insured,
        adult1: first,
        ...(twoAdults ? { adult2: toPaPerson(values.adult2, pa.insured?.adult2) } : {}),
        children: pa.insured?.children ?? [],
      },
    },
  };
}

/** Where a policy path shows on this page; the children's own page shows theirs. */
function applicantFieldOf(path: string): string {
  const person = personFieldOf(path);
  if (person) return person.startsWith('children.') ? 'root' : person;
  if (path.endsWith('applicant.mobileNoCountryCode')) return 'mobileCode';
  if (path.endsWith('applicant.mobileNo')) return 'mobile';
  if (path.endsWith('applicant.email')) return 'email';
  if (path === 'emailConfirmed') return 'emailConfirmed';
  return 'root';
}

function storePeople(policy: TPaPolicy) {
  const pa = policy.policyPAN;
  usePaFlowStore.getState().setPeople({
    ...(pa.applicant ? { applicant: pa.applicant } : {}),
    ...(pa.insured?.adult1 ? { adult1: pa.insured.adult1 } : {}),
    ...(pa.insured?.adult2 ? { adult2: pa.insured.adult2 } : {}),
  });
}

/**
 * The applicant and the insured adults (pa-home-payments sections 2, 4 and 5): the policyholder is
 * Adult 1, the spouse Adult 2 for a family of two adults. Every field is checked at once by the
 * domain's rules and kept in the journey as it is typed (decision 125). Adults 65–70 in Singapore get
 * the age popup (reduced benefits; Cancel or Continue). Continue goes to the children's page when there
 * are any — after the adults' ID numbers are checked by a re-price, so a blacklisted spouse is told
 * here — else prices the plan with the people (rate) and goes to confirm.
 */
export function PaApplicantPage() {
  const { t } = useTranslation();
  const message = useMessage();
  const navigate = useNavigate();
  const policy = usePaFlowStore((state) => state.policy);
  const pa = policy.policyPAN;
  const country = policy.country ?? 'SGP';
  const today = marketToday(country);
  const defaultType = idTypesOf(country)[0]!;
  const checkout = useCheckoutForm<TPaApplicantValues>({
    defaultValues: {
      adult1: personOf(pa.insured?.adult1, defaultType),
      adult2: personOf(pa.insured?.adult2, defaultType),
      mobileCode: pa.applicant?.mobileNoCountryCode ?? (country === 'HKG' ? '852' : '65'),
      mobile: pa.applicant?.mobileNo ?? '',
      email: pa.applicant?.email ?? '',
      emailConfirmed: pa.applicant?.emailConfirmed ?? false,
    },
    check: (values) => {
      const messages: Record<string, string> = {};
      const found = listApplicationErrors(applicationOf(usePaFlowStore.getState().policy, values), today, {
        emailConfirmed: values.emailConfirmed,
      });
      for (const failure of found) {
        if (failure.field.startsWith('policyPAN.insured.children')) continue;
        messages[applicantFieldOf(failure.field)] ??= failure.messageKey;
      }
      return messages;
    },
    keep: (values) => storePeople(applicationOf(usePaFlowStore.getState().policy, values)),
    fieldOf: applicantFieldOf,
  });
  const { form, errorOf } = checkout;
  const { register, setValue } = form;
  const [addingAdult, setAddingAdult] = useState(false);
  const [newOccupation, setNewOccupation] = useState('');
  // The date of birth of an adult aged 65 to 70 (pa-home-payments section 5): the age popup shows their cover.
  const [senior, setSenior] = useState<{ dateOfBirth: string; values: TPaApplicantValues } | null>(null);
  const rate = useQuoteCall();
  if (!pa.selectedPlan) return <Navigate to="/pa/quote" replace />;
  const twoAdults = pa.insuredPersonType === 'family' && pa.family?.numberOfAdults === 2;
  const children = pa.insuredPersonType === 'family' ? (pa.family?.noOfChildren ?? 0) : 0;
  const occupations = adultOccupations(policy);

  /**
   * Add person, adult or child re-rates at once (pa-home-payments section 4): the cover changes, every
   * plan is priced again and the chosen plan kept, and what is typed stays; a plan no longer offered
   * (D for class 03) goes back to the quote.
   */
  const rerate = async (adults: 1 | 2, childCount: number, secondOccupation?: string) => {
    const store = usePaFlowStore.getState();
    const plan = store.policy.policyPAN.selectedPlan!;
    store.setCover(
      {
        insuredPersonType: adults > 1 || childCount > 0 ? 'family' : 'individual',
        numberOfAdults: adults,
        noOfChildren: childCount,
        occupations: adults > 1 ? [occupations[0] ?? '', secondOccupation ?? ''] : [occupations[0] ?? ''],
      },
      { keepPlan: true },
    );
    if (!(await rate.run('multirate'))) return;
    if (!usePaFlowStore.getState().plans.some((item) => item.planName === plan)) {
      navigate('/pa/quote');
      return;
    }
    usePaFlowStore.getState().choosePlan(plan);
  };

  const proceed = async (values: TPaApplicantValues) => {
    storePeople(applicationOf(usePaFlowStore.getState().policy, values));
    const refuse = checkout.showFieldErrors;
    if (children > 0) {
      // The adults are checked here (blacklist included), before the children's page is filled.
      const plan = usePaFlowStore.getState().policy.policyPAN.selectedPlan!;
      if (!(await rate.run('multirate', { refuse }))) return;
      usePaFlowStore.getState().choosePlan(plan);
      navigate('/pa/apply');
      return;
    }
    if (await rate.run('rate', { refuse })) navigate('/pa/confirm');
  };

  const onValid = (values: TPaApplicantValues) => {
    const next = applicationOf(usePaFlowStore.getState().policy, values);
    const start = coverStart(next, today);
    const adults = [next.policyPAN.insured?.adult1, twoAdults ? next.policyPAN.insured?.adult2 : undefined];
    const older = adults.find(
      (adult) => adult?.dateOfBirth && hasReducedPaBenefits(country, adult.dateOfBirth, start),
    );
    if (older?.dateOfBirth) {
      setSenior({ dateOfBirth: older.dateOfBirth, values });
      return;
    }
    return proceed(values);
  };

  // Registered here, in the page's order, so the focus goes to the first wrong field from the top.
  const person = (who: 'adult1' | 'adult2') => {
    const fields = {
      name: register(`${who}.name`),
      idType: register(`${who}.idType`),
      id: register(`${who}.id`),
      dateOfBirth: register(`${who}.dateOfBirth`),
    };
    return {
      field: (key: TPersonKey) => fields[key],
      errorOf: (key: TPersonKey) => errorOf(`${who}.${key}`),
      onIdTypeChange: () => setValue(`${who}.id`, ''),
    };
  };
  const adult1 = person('adult1');

  const contactField = (
    name: 'mobileCode' | 'mobile' | 'email',
    id: string,
    label: string,
    input: { inputMode?: 'numeric' | 'tel'; type?: 'email'; maxLength: number },
  ) => {
    const error = errorOf(name);
    return (
      <div className={styles.field}>
        <label htmlFor={id} className={styles.label}>
          {label}
        </label>
        <input
          id={id}
          className={styles.input}
          {...input}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-error`}
          {...register(name)}
        />
        <p id={`${id}-error`} className={styles.error}>
          {error ? message(error) : null}
        </p>
      </div>
    );
  };
  const emailConfirmed = form.watch('emailConfirmed');
  const emailConfirmedError = errorOf('emailConfirmed');

  return (
    <main className={styles.page}>
      <Stepper current={3} steps={PA_STEPS} />
      <h1 className={styles.title}>{t('paApply.title')}</h1>
      <p className={styles.intro}>{t('paApply.intro', { plan: pa.selectedPlan })}</p>
      <form noValidate onSubmit={checkout.submitWith(onValid)} className={styles.stack}>
        <section className={styles.card} aria-labelledby="pa-adult1-title">
          <h2 id="pa-adult1-title">{t('paApply.applicant')}</h2>
          <PersonFields prefix="pa-adult1" country={country} {...adult1} />
          <div className={styles.grid}>
            {contactField('mobileCode', 'pa-mobile-code', t('paApply.mobileCode'), {
              inputMode: 'numeric',
              maxLength: 4,
            })}
            {contactField('mobile', 'pa-mobile', t('paApply.mobile'), { inputMode: 'tel', maxLength: 12 })}
            {contactField('email', 'pa-email', t('paApply.email'), { type: 'email', maxLength: 50 })}
          </div>
          <CheckField
            id="pa-email-confirmed"
            checked={emailConfirmed}
            onChange={(checked) =>
              setValue('emailConfirmed', checked, { shouldValidate: form.formState.isSubmitted })
            }
            label={t('paApply.emailConfirmed')}
            error={emailConfirmedError ? message(emailConfirmedError) : null}
          />
        </section>
        {twoAdults ? (
          <section className={styles.card} aria-labelledby="pa-adult2-title">
            <h2 id="pa-adult2-title">{t('paApply.spouse')}</h2>
            <PersonFields prefix="pa-adult2" country={country} {...person('adult2')} />
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
        <FormSummary checkout={checkout} className={styles.error} />
        <div className={styles.actions}>
          <SaveForLaterButton step="applicant" readPolicy={() => usePaFlowStore.getState().policy} />
          <button type="button" className={styles.secondary} onClick={() => navigate('/pa/quote')}>
            {t('paQuote.back')}
          </button>
          <button type="submit" className={styles.primary} disabled={rate.busy}>
            {t('paOccupation.continue')}
          </button>
        </div>
      </form>
      <Modal
        open={senior !== null}
        onClose={() => setSenior(null)}
        title={t('paApply.ageTitle')}
        size="small"
      >
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
            insured={{ role: 'adult', dateOfBirth: senior.dateOfBirth, optionalCovers: [] }}
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
              const values = senior!.values;
              setSenior(null);
              void proceed(values);
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
