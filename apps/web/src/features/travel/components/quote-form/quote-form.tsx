import {
  needsPromoCheck,
  PROMO_CODE_MAX_LENGTH,
  promoCheckResult,
} from '@lionrock/domain/campaign/promo-rules';
import { formatIso, type TLocalDate, todayIn } from '@lionrock/domain/dates/local-date';
import { MARKETS } from '@lionrock/domain/market/market';
import { parseLandingPath } from '@lionrock/domain/travel/landing-path';
import { annualEndDate, DESTINATIONS, tripPickerBounds } from '@lionrock/domain/travel/trip-rules';
import { MESSAGE_KEYS } from '@lionrock/domain/validation/message-keys';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Controller, type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Spinner } from '../../../../components/ui/spinner';
import { ApiCallError } from '../../../../lib/api-client';
import { formatDisplayDate } from '../../../../lib/format-date';
import { isValidAgent, useSystemStore } from '../../../../state/system-store';
import { callErrorKey, ratingErrorKey, type TRatingAnswer, travelApi } from '../../api/travel-api';
import { useTravelFlowStore } from '../../state/travel-flow-store';
import styles from './quote-form.module.css';
import {
  dateOf,
  formFieldOf,
  policyFromValues,
  type TQuoteFormField,
  type TQuoteFormValues,
  valuesFromPolicy,
} from './quote-form-values';
import { TravellerPicker } from './traveller-picker';
import { useJourneyCampaign } from './use-journey-campaign';

type TResolverContext = { today: TLocalDate; promoVerdicts: Record<string, string | null> };

const loadRules = () => import('./quote-form-rules');

/** The domain's checks as react-hook-form's resolver: one message key per field. */
const resolver: Resolver<TQuoteFormValues, TResolverContext> = async (values, context) => {
  const { validateQuoteForm } = await loadRules();
  const errors = validateQuoteForm(values, {
    base: useTravelFlowStore.getState().policy,
    today: context!.today,
    promoVerdicts: context!.promoVerdicts,
  });
  const entries = Object.entries(errors) as [TQuoteFormField | 'root', string][];
  if (entries.length === 0) return { values, errors: {} };
  const fieldErrors: FieldErrors<TQuoteFormValues> = {};
  for (const [field, messageKey] of entries) {
    (fieldErrors as Record<string, unknown>)[field] = { type: 'domain', message: messageKey };
  }
  return { values: {}, errors: fieldErrors };
};

/** Today in the market's own time zone: every trip date rule reads it (passed in, never read inside a rule). */
function marketToday(country: keyof typeof MARKETS): TLocalDate {
  return todayIn(MARKETS[country].timeZone, new Date());
}

/**
 * The landing's quote form (travel-flow sections 2, 4, 5): trip type, destination, dates, travellers
 * and an optional promo code, checked with the domain's rules; Start quote prices every plan
 * (multirate), keeps the plans and goes to /travel/quote.
 */
export function QuoteForm({
  disabled = false,
  today: fixedToday,
}: {
  disabled?: boolean;
  today?: TLocalDate;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const country = useSystemStore((state) => state.country);
  const lang = useSystemStore((state) => state.lang);
  const agent = useSystemStore((state) => state.agent);
  const campaign = useTravelFlowStore((state) => state.campaign);
  const today = fixedToday ?? marketToday(country);
  const promoVerdicts = useRef<Record<string, string | null>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [checkingPromo, setCheckingPromo] = useState(false);

  const [landing] = useState(() =>
    parseLandingPath(location.pathname, new URLSearchParams(location.search), window.location.host),
  );
  const [initialValues] = useState(() => {
    const values = valuesFromPolicy(useTravelFlowStore.getState().policy, today);
    // A promo link (/travel/promo/{code}) fills the promo code unless the customer typed one.
    return { ...values, promo: values.promo || landing.promo || '' };
  });
  const form = useForm<TQuoteFormValues, TResolverContext>({
    defaultValues: initialValues,
    resolver,
    context: { today, promoVerdicts: promoVerdicts.current },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { register, control, watch, formState, setError, trigger, handleSubmit } = form;
  const tripType = watch('tripType');
  useJourneyCampaign(landing, tripType);
  const departure = dateOf(watch('departure'));
  const bounds = tripPickerBounds(today, departure ?? today);

  useEffect(() => {
    void loadRules();
  }, []);

  // Every change is kept in the journey's store, so a reload keeps the form (issue 6).
  useEffect(() => {
    const subscription = watch((values, { name }) => {
      const store = useTravelFlowStore.getState();
      const all = values as TQuoteFormValues;
      if (name === 'tripType') store.setTripType(all.tripType);
      if (name === 'journeyCode') store.setDestination(all.journeyCode);
      if (name === 'tripType' || name === 'departure' || name === 'returnDate')
        store.setDates(dateOf(all.departure), dateOf(all.returnDate));
      if (name === 'travellers') store.setTravellers(all.travellers);
      if (name === 'promo') store.setPromo(all.promo.trim());
    });
    return () => subscription.unsubscribe();
  }, [watch]);

  const multirate = useMutation({ mutationFn: travelApi.multirate });

  const message = (key: string) => {
    const shown: string = i18n.exists(key) ? key : MESSAGE_KEYS.getQuoteError;
    return t(shown);
  };
  const errorOf = (field: TQuoteFormField) => formState.errors[field]?.message;
  const describedBy = (field: TQuoteFormField, hint?: string) =>
    [hint, errorOf(field) ? `${id}-${field}-error` : undefined].filter(Boolean).join(' ') || undefined;

  /** Validated on blur (travel-flow section 5): the format here, then the server with the campaign. */
  const checkPromo = async (promo: string) => {
    const code = promo.trim();
    if (!(await trigger('promo')) || !needsPromoCheck(campaign, code) || code in promoVerdicts.current)
      return;
    setCheckingPromo(true);
    try {
      const answer = await queryClient.fetchQuery({
        queryKey: ['travel', 'promo', campaign!.campaignCode, code, campaign!.campaignId],
        queryFn: () => travelApi.validatePromoCode(campaign!.campaignCode, code, campaign!.campaignId!),
        staleTime: 60_000,
      });
      promoVerdicts.current[code] = promoCheckResult(answer);
    } catch {
      // The server checks the promo again when pricing; a failed check blocks nothing here.
    } finally {
      setCheckingPromo(false);
    }
    await trigger('promo');
  };

  const showServerRefusal = (error: unknown) => {
    if (error instanceof ApiCallError && error.status === 400 && error.messageKey) {
      const field = formFieldOf(error.field);
      if (field !== 'root') {
        if (field === 'promo') promoVerdicts.current[form.getValues('promo').trim()] = error.messageKey;
        setError(field, { type: 'server', message: error.messageKey }, { shouldFocus: true });
        return;
      }
    }
    setFormError(callErrorKey(error));
  };

  const onValid = async (values: TQuoteFormValues) => {
    setFormError(null);
    const store = useTravelFlowStore.getState();
    const validAgent = isValidAgent(agent) ? agent : null;
    store.setMarket({
      country,
      lang,
      agentCode: validAgent?.agentCode,
      subAgentId: validAgent?.subAgentId,
    });
    const policy = policyFromValues(values, useTravelFlowStore.getState().policy);
    let answer: TRatingAnswer;
    try {
      answer = await multirate.mutateAsync(policy);
    } catch (error) {
      showServerRefusal(error);
      return;
    }
    if (answer.errorMessage || answer.messageKey) {
      setFormError(ratingErrorKey(answer));
      return;
    }
    store.setQuoted(answer, `${location.pathname}${location.search}`);
    navigate('/travel/quote');
  };

  const rootError = formError ?? formState.errors.root?.message ?? null;
  const fieldError = (field: TQuoteFormField) => {
    const key = errorOf(field);
    return (
      <p id={`${id}-${field}-error`} className={styles.error} aria-live="polite">
        {key ? message(key) : null}
      </p>
    );
  };
  const dateInput = (field: 'departure' | 'returnDate', earliest: TLocalDate, latest: TLocalDate) => (
    <div className={styles.field}>
      <label htmlFor={`${id}-${field}`} className={styles.label}>
        {t(`travelQuote.${field}`)}
      </label>
      <input
        id={`${id}-${field}`}
        type="date"
        className={styles.input}
        min={formatIso(earliest)}
        max={formatIso(latest)}
        aria-invalid={Boolean(errorOf(field)) || undefined}
        aria-describedby={describedBy(field, `${id}-${field}-hint`)}
        {...register(field)}
      />
      <p id={`${id}-${field}-hint`} className={styles.hint}>
        {t('travelQuote.dateWindow', {
          earliest: formatDisplayDate(earliest, lang),
          latest: formatDisplayDate(latest, lang),
        })}
      </p>
      {fieldError(field)}
    </div>
  );

  return (
    <section className={styles.section} aria-labelledby={`${id}-title`} id="quote-form">
      <form className={styles.form} noValidate onSubmit={handleSubmit(onValid)}>
        <h2 id={`${id}-title`} className={styles.title}>
          {t('travelQuote.formTitle')}
        </h2>
        <fieldset className={`${styles.field} ${styles.tripType}`}>
          <legend className={styles.label}>{t('travelQuote.tripType')}</legend>
          <div className={styles.toggle}>
            {(['S', 'A'] as const).map((type) => (
              <label key={type} className={styles.toggleOption}>
                <input type="radio" value={type} {...register('tripType')} />
                <span>{t(type === 'S' ? 'travelQuote.single' : 'travelQuote.annual')}</span>
              </label>
            ))}
          </div>
        </fieldset>

        <div className={styles.field}>
          <label htmlFor={`${id}-journeyCode`} className={styles.label}>
            {t('travelQuote.destination')}
          </label>
          <select
            id={`${id}-journeyCode`}
            className={styles.input}
            aria-describedby={`${id}-journeyCode-hint`}
            {...register('journeyCode')}
          >
            {DESTINATIONS.map((destination) => (
              <option key={destination.journeyCode} value={destination.journeyCode}>
                {t(`travelQuote.destinations.${destination.journeyCode}`)}
              </option>
            ))}
          </select>
          <p id={`${id}-journeyCode-hint`} className={styles.hint}>
            {t('travelQuote.destinationHint')}
          </p>
        </div>

        {dateInput('departure', bounds.departure.earliest, bounds.departure.latest)}
        {tripType === 'S' ? (
          dateInput('returnDate', bounds.returnDate.earliest, bounds.returnDate.latest)
        ) : (
          <div className={styles.field}>
            <span className={styles.label}>{t('travelQuote.coverEnds')}</span>
            <p className={styles.annualEnd} aria-live="polite">
              {departure ? formatDisplayDate(annualEndDate(departure), lang) : '—'}
            </p>
            <p className={styles.hint}>{t('travelQuote.annualHint')}</p>
          </div>
        )}

        <div className={styles.field}>
          <Controller
            control={control}
            name="travellers"
            render={({ field }) => (
              <TravellerPicker
                value={field.value}
                onChange={field.onChange}
                onClose={field.onBlur}
                buttonRef={field.ref}
                errorId={`${id}-travellers-error`}
                invalid={Boolean(errorOf('travellers'))}
              />
            )}
          />
          {fieldError('travellers')}
        </div>

        <div className={styles.field}>
          <label htmlFor={`${id}-promo`} className={styles.label}>
            {t('travelQuote.promo')}
          </label>
          <input
            id={`${id}-promo`}
            type="text"
            className={styles.input}
            maxLength={PROMO_CODE_MAX_LENGTH}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={Boolean(errorOf('promo')) || undefined}
            aria-describedby={describedBy('promo', `${id}-promo-hint`)}
            {...register('promo', { onBlur: (event) => void checkPromo(event.target.value) })}
          />
          <p id={`${id}-promo-hint`} className={styles.hint}>
            {checkingPromo
              ? t('travelQuote.checkingPromo')
              : t('travelQuote.promoHint', { max: PROMO_CODE_MAX_LENGTH })}
          </p>
          {fieldError('promo')}
        </div>

        <div className={styles.submitRow}>
          {/* An alert is announced when it appears (and an empty one would be a second alert on the page). */}
          {rootError ? (
            <p className={styles.formError} role="alert">
              {message(rootError)}
            </p>
          ) : null}
          <button type="submit" className={styles.submit} disabled={disabled || multirate.isPending}>
            {t('travelLanding.startQuote')}
          </button>
        </div>
      </form>
      {multirate.isPending ? <Spinner label={t('travelQuote.gettingQuote')} /> : null}
    </section>
  );
}
