import type { TLocalDate } from '@lionrock/domain/dates/local-date';
import { basePlanName } from '@lionrock/domain/display/price-display';
import { dateOfBirthPickerBounds, SENIOR_AGE, showsSeniorNotice } from '@lionrock/domain/eligibility/ages';
import { isPaid } from '@lionrock/domain/payments/payment-rules';
import { DOCUMENT_KINDS } from '@lionrock/domain/policy/document-names';
import type { TWirePremiumItem } from '@lionrock/domain/schemas/policy-schema';
import { addInsured, removeInsured, type TInsuredType } from '@lionrock/domain/travel/trip-rules';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { DismissButton, Modal } from '../../../../components/ui/modal';
import { Spinner } from '../../../../components/ui/spinner';
import { documentLink } from '../../../../lib/documents';
import { useTranslation } from '../../../../lib/i18n';
import { systemApi } from '../../../../lib/system-api';
import { ApplicantDetails } from '../../../checkout/components/applicant/applicant-details';
import styles from '../../../checkout/components/applicant/applicant-form.module.css';
import { FormSummary, useCheckoutForm } from '../../../checkout/components/applicant/checkout-form';
import { SaveForLaterButton } from '../../../checkout/components/save-for-later/save-for-later-button';
import {
  callErrorKey,
  PriceChangedError,
  showRatingError,
  type TRatingAnswer,
  travelApi,
} from '../../api/travel-api';
import { loadApplicantDraft, saveApplicantDraft } from '../../state/applicant-draft';
import { type TTravelPolicy, useTravelFlowStore } from '../../state/travel-flow-store';
import { PriceChangeModal } from '../plan-cards/price-change-modal';
import {
  applicationFromValues,
  emptyInsured,
  formFieldOf,
  isLocked,
  ratingRequestOf,
  submissionFromValues,
  type TApplicantFormValues,
  travellersOf,
  valuesFromPolicy,
} from './applicant-form-values';
import { InsuredList } from './insured-list';
import { repriceTravellers } from './reprice-travellers';
import { TravellerSwitch } from './traveller-switch';

const loadRules = () => import('./applicant-form-rules');

/**
 * The applicant page's form (travel-flow sections 2, 4, 5): the policyholder and the insured persons,
 * checked with the domain's rules; rows added or removed are re-rated at once; Continue re-rates the
 * whole application (the server applies the applicant page's rules) and goes to /travel/confirm.
 * A paid policy is view-only (the spec's view-only flag, decision 017): shown, disabled, not sent.
 */
export function ApplicantForm({ today, departure }: { today: TLocalDate; departure: TLocalDate }) {
  const { t } = useTranslation();
  const travellerSwitchId = useId();
  const navigate = useNavigate();
  const policy = useTravelFlowStore((state) => state.policy);
  const campaignCode = useTravelFlowStore((state) => state.campaign?.campaignCode);
  const country = policy.country ?? 'SGP';
  const travellers = travellersOf(policy.policyTravel);
  const viewOnly = isPaid(policy);
  const [seniorValues, setSeniorValues] = useState<TApplicantFormValues | null>(null);
  const [priceChange, setPriceChange] = useState<{
    was: TWirePremiumItem | undefined;
    now: TWirePremiumItem;
    values: TApplicantFormValues;
    /** The new price is the senior loading the customer agreed to in the senior popup. */
    senior: boolean;
  } | null>(null);

  // A paid policy shows what was paid for, not a draft typed since.
  const [initialValues] = useState(() =>
    valuesFromPolicy(policy, viewOnly ? null : loadApplicantDraft(policy.policyId)),
  );
  // What is typed is kept for this policy, so a reload or a step back keeps it.
  const checkout = useCheckoutForm<TApplicantFormValues>({
    defaultValues: initialValues,
    check: async (values) => {
      const { validateApplicantForm } = await loadRules();
      return validateApplicantForm(values, { base: useTravelFlowStore.getState().policy, today });
    },
    keep: (values) => saveApplicantDraft(useTravelFlowStore.getState().policy.policyId, values),
    fieldOf: formFieldOf,
  });
  const { form, errorOf, setFormError } = checkout;
  const { control, getValues, setValue, watch, clearErrors } = form;
  const rows = useFieldArray({ control, name: 'insured' });
  const clientType = watch('clientType');
  const isTraveller = watch('isTraveller');
  const locked = isLocked({ clientType, isTraveller });

  // The senior popup is shown only while the senior-loading flag is on (default on, travel-flow section 3).
  const seniorLoading = useQuery({
    queryKey: ['system', 'senior-loading', country],
    queryFn: () => systemApi.seniorLoading(country),
    staleTime: 60_000,
  });

  useEffect(() => {
    void loadRules();
  }, []);

  const rerate = useMutation({ mutationFn: repriceTravellers });
  const rate = useMutation({ mutationFn: travelApi.rate });
  const requote = useMutation({ mutationFn: travelApi.multirate });
  const busy = rerate.isPending || rate.isPending || requote.isPending;

  /** The first row is the applicant's while locked; once unlocked it starts empty for someone else. */
  const unlockFirstRow = () => {
    const first = getValues('insured.0');
    if (first) rows.update(0, emptyInsured(first.type, country));
    clearErrors('insured.0');
  };
  const onClientTypeChange = (type: 'P' | 'C') => {
    // Changing personal/corporate toggles the traveller flag (travel-flow section 4).
    const wasLocked = locked;
    setValue('isTraveller', type === 'P');
    if (wasLocked && type === 'C') unlockFirstRow();
  };
  const onTravellerChange = (travels: boolean) => {
    if (!travels) unlockFirstRow();
  };

  /** A changed traveller count is priced at once (travel-flow section 4); the rows follow only if it is. */
  const changeTravellers = async (
    next: ReturnType<typeof travellersOf>,
    nextRows: TApplicantFormValues['insured'],
  ): Promise<boolean> => {
    setFormError(null);
    const store = useTravelFlowStore.getState();
    let answer: TRatingAnswer;
    try {
      answer = await rerate.mutateAsync(
        ratingRequestOf(store.policy, next, { ...getValues(), insured: nextRows }),
      );
    } catch (error) {
      setFormError(callErrorKey(error));
      return false;
    }
    if (answer.errorMessage || answer.messageKey) {
      showRatingError(answer, setFormError);
      return false;
    }
    store.setRated(answer);
    return true;
  };

  const onAdd = async (type: TInsuredType) => {
    const next = addInsured(travellers, type);
    const current = getValues('insured');
    // A family's adults come before its children.
    const at = type === 'ADULT' ? current.filter((row) => row.type === 'ADULT').length : current.length;
    const row = emptyInsured(type, country);
    const nextRows = [...current.slice(0, at), row, ...current.slice(at)];
    if (await changeTravellers(next, nextRows)) rows.insert(at, row, { focusName: `insured.${at}.fullName` });
  };

  const onRemove = async (index: number) => {
    const next = removeInsured(travellers, index);
    const nextRows = getValues('insured').filter((_row, rowIndex) => rowIndex !== index);
    if (await changeTravellers(next, nextRows)) rows.remove(index);
  };

  const submit = async (values: TApplicantFormValues, senior = false) => {
    setFormError(null);
    const store = useTravelFlowStore.getState();
    let answer: TRatingAnswer;
    try {
      answer = await rate.mutateAsync(submissionFromValues(values, store.policy));
    } catch (error) {
      const repriced =
        error instanceof PriceChangedError ? error.policy.policyTravel?.policyPremium : undefined;
      if (repriced) {
        setPriceChange({ was: store.policy.policyTravel.policyPremium, now: repriced, values, senior });
        return;
      }
      checkout.refuse(error);
      return;
    }
    if (answer.errorMessage || answer.messageKey) {
      showRatingError(answer, setFormError);
      return;
    }
    store.setRated(answer);
    navigate('/travel/confirm');
  };

  /**
   * After the senior popup's Continue: the plans priced again with these travellers (multirate, which
   * commits to nothing), so the loading the customer agreed to is shown as a line of the new price
   * before anything is stored, instead of the rate call refusing a price that has changed.
   */
  const priceWithSeniors = async (values: TApplicantFormValues) => {
    setFormError(null);
    const store = useTravelFlowStore.getState();
    const travel = store.policy.policyTravel;
    const was = travel.policyPremium;
    try {
      const answer = await requote.mutateAsync(ratingRequestOf(store.policy, travellersOf(travel), values));
      const now = answer.policyTravel?.premiumItems?.find(
        (item) => was && basePlanName(item.planName) === basePlanName(was.planName),
      );
      if (!answer.errorMessage && !answer.messageKey && was && now && now.totalPremium !== was.totalPremium) {
        store.setQuoted(answer, store.initialUrl ?? '/travel');
        store.choosePlan(now, travel.topUpSelected ?? false);
        setPriceChange({ was, now, values, senior: true });
        return;
      }
    } catch {
      // The rate call below prices the travellers itself (a changed price comes back as a 409).
    }
    await submit(values, true);
  };

  const onValid = async (values: TApplicantFormValues) => {
    const travellersList = applicationFromValues(values, useTravelFlowStore.getState().policy).policyTravel
      .travellersList;
    const datesOfBirth = (travellersList ?? []).map((row) => row.dateOfBirth ?? '');
    if (showsSeniorNotice(datesOfBirth, departure, seniorLoading.data ?? true)) {
      setSeniorValues(values);
      return;
    }
    await submit(values);
  };

  /** Back re-rates the trip with the current travellers and returns to the plans (travel-flow section 2). */
  const back = async () => {
    setFormError(null);
    const store = useTravelFlowStore.getState();
    const travel = store.policy.policyTravel;
    const request: TTravelPolicy = ratingRequestOf(store.policy, travellersOf(travel), getValues());
    try {
      const answer = await requote.mutateAsync({
        ...request,
        policyTravel: { ...request.policyTravel, topUpSelected: false, selectedTopUp: 'false' },
      });
      if (!answer.errorMessage && !answer.messageKey) {
        store.setQuoted(answer, store.initialUrl ?? '/travel');
        if (travel.policyPremium) store.choosePlan(travel.policyPremium, travel.topUpSelected ?? false);
      }
    } catch {
      // The quote page prices the plan again on Apply now; a failed re-rate here only keeps the old plans.
    }
    navigate('/travel/quote');
  };

  return (
    <>
      <form className={styles.form} noValidate onSubmit={checkout.submitWith(onValid)}>
        {viewOnly ? (
          <p className={styles.viewOnly} role="status">
            {t('applicant.viewOnly')}
          </p>
        ) : null}
        {/* A disabled fieldset disables every control in it, the personal/corporate switch first. */}
        <fieldset className={styles.fields} disabled={viewOnly}>
          <ApplicantDetails
            form={form}
            country={country}
            errorOf={errorOf}
            onClientTypeChange={onClientTypeChange}
            dateOfBirthBounds={dateOfBirthPickerBounds('PTR', 'applicant', today)}
            personalExtra={
              <TravellerSwitch id={travellerSwitchId} form={form} onChange={onTravellerChange} />
            }
          />
          <InsuredList
            form={form}
            rowKeys={rows.fields.map((field) => field.id)}
            travellers={travellers}
            locked={locked}
            country={country}
            today={today}
            departure={departure}
            busy={busy}
            errorOf={errorOf}
            onAdd={(type) => void onAdd(type)}
            onRemove={(index) => void onRemove(index)}
          />
        </fieldset>
        <details className={styles.notes}>
          <summary>{t('applicant.notesTitle')}</summary>
          <p>{t('applicant.notesText')}</p>
          <ul>
            {DOCUMENT_KINDS.map((kind) => (
              <li key={kind}>
                <a {...documentLink('travel', kind, country)}>{t(`applicant.documents.${kind}`)}</a>
              </li>
            ))}
          </ul>
        </details>

        <div className={styles.submitRow}>
          {/* An alert is announced when it appears (and an empty one would be a second alert on the page). */}
          <FormSummary checkout={checkout} className={styles.formError} />
          {viewOnly ? (
            <div className={styles.actions}>
              <Link to="/travel/finish" className={styles.continue}>
                {t('confirm.seePolicy')}
              </Link>
            </div>
          ) : (
            <div className={styles.actions}>
              <SaveForLaterButton
                step="applicant"
                // What is typed so far goes with the journey, so the link reopens the page as it is.
                readPolicy={() => submissionFromValues(getValues(), useTravelFlowStore.getState().policy)}
                readStoredPolicy={() => useTravelFlowStore.getState().policy}
              />
              <button type="button" className={styles.back} disabled={busy} onClick={() => void back()}>
                {t('applicant.back')}
              </button>
              <button type="submit" className={styles.continue} disabled={busy}>
                {t('applicant.continue')}
              </button>
            </div>
          )}
        </div>
      </form>

      {busy ? <Spinner label={t(rerate.isPending ? 'applicant.repricing' : 'applicant.saving')} /> : null}

      <Modal
        open={seniorValues !== null}
        onClose={() => setSeniorValues(null)}
        title={t('applicant.seniorTitle', { age: SENIOR_AGE })}
        size="small"
      >
        <p>{t('applicant.seniorText', { age: SENIOR_AGE })}</p>
        <div className={styles.modalActions}>
          <DismissButton className={styles.back}>{t('applicant.seniorCancel')}</DismissButton>
          <button
            type="button"
            className={styles.continue}
            onClick={() => {
              const values = seniorValues!;
              setSeniorValues(null);
              void priceWithSeniors(values);
            }}
          >
            {t('applicant.seniorContinue')}
          </button>
        </div>
      </Modal>

      <PriceChangeModal
        change={priceChange}
        reason={priceChange?.senior ? 'senior' : undefined}
        country={country}
        campaignCode={campaignCode}
        onCancel={() => setPriceChange(null)}
        onConfirm={(now) => {
          const values = priceChange?.values;
          setPriceChange(null);
          const store = useTravelFlowStore.getState();
          store.choosePlan(now, store.policy.policyTravel.topUpSelected ?? false);
          if (values) void submit(values);
        }}
      />
    </>
  );
}
