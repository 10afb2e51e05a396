import { type TLocalDate, todayIn } from '@lionrock/domain/dates/local-date';
import { MARKETS } from '@lionrock/domain/market/market';
import { parseLandingPath } from '@lionrock/domain/travel/landing-path';
import {
  annualEndDate,
  DESTINATIONS,
  type TJourneyCode,
  tripPickerBounds,
} from '@lionrock/domain/travel/trip-rules';
import { MESSAGE_KEYS } from '@lionrock/domain/validation/message-keys';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, memo, useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useRenderHost } from '../../../../app/shell/render-host';
import { DateField } from '../../../../components/ui/date-field';
import { Spinner } from '../../../../components/ui/spinner';
import { ApiCallError } from '../../../../lib/api-client';
import { formatDisplayDate } from '../../../../lib/format-date';
import { useTranslation } from '../../../../lib/i18n';
import { systemApi } from '../../../../lib/system-api';
import { isValidAgent, useSystemStore } from '../../../../state/system-store';
import { PromoCodeField } from '../../../checkout/components/promo/promo-code-field';
import { usePromoCheck } from '../../../checkout/hooks/use-promo-check';
import { callErrorKey, showRatingError, type TRatingAnswer, travelApi } from '../../api/travel-api';
import { useTravelFlowStore } from '../../state/travel-flow-store';
import { DiscountBanner } from './discount-banner';
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

const loadRules = () => import('./quote-form-rules');

/** The form's fields in page order: an invalid Start quote focuses the first one with a message. */
const FIELD_ORDER: TQuoteFormField[] = [
  'tripType',
  'journeyCode',
  'departure',
  'returnDate',
  'travellers',
  'promo',
];

/** Today in the market's own time zone: every trip date rule reads it (passed in, never read inside a rule). */
function marketToday(country: keyof typeof MARKETS): TLocalDate {
  return todayIn(MARKETS[country].timeZone, new Date());
}

/**
 * The landing's quote form (travel-flow sections 2, 4, 5): trip type, destination, dates, travellers
 * and an optional promo code, checked with the domain's rules; Start quote prices every plan
 * (multirate), keeps the plans and goes to /travel/quote. Messages appear on Start quote (and the promo
 * code's on leaving its field); after a Start quote, a changed field is checked again at once. Plain
 * React state: the form library loads with the applicant page, not with the landing (decision 022).
 */
function QuoteFormView({ disabled = false, today: fixedToday }: { disabled?: boolean; today?: TLocalDate }) {
  const { t, exists } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const location = useLocation();
  const country = useSystemStore((state) => state.country);
  const lang = useSystemStore((state) => state.lang);
  const agent = useSystemStore((state) => state.agent);
  const campaign = useTravelFlowStore((state) => state.campaign);
  const today = fixedToday ?? marketToday(country);
  const promoVerdicts = useRef<Record<string, string | null>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const host = useRenderHost();
  const [landing] = useState(() =>
    parseLandingPath(location.pathname, new URLSearchParams(location.search), host),
  );
  // Another link than the journey's (an address opened, not the shop's own menu) replaces its campaign
  // and promo code (decision 039); a reload of the same link keeps what the customer typed.
  const link = `${location.pathname}${location.search}`;
  const [newLink] = useState(() => location.key === 'default' && useTravelFlowStore.getState().link !== link);
  const [values, setValues] = useState<TQuoteFormValues>(() => {
    const stored = valuesFromPolicy(useTravelFlowStore.getState().policy, today);
    return newLink ? { ...stored, promo: landing.promo ?? '' } : stored;
  });
  useEffect(() => {
    if (newLink) useTravelFlowStore.getState().startLink(link, landing.promo ?? '');
  }, [newLink, link, landing.promo]);
  const [errors, setErrors] = useState<Partial<Record<TQuoteFormField, string>>>({});
  // The latest values and checks, for the checks that finish after another change.
  const latest = useRef(values);
  const submitted = useRef(false);
  const checkRuns = useRef<Partial<Record<TQuoteFormField, number>>>({});
  const fields = useRef<Partial<Record<TQuoteFormField, HTMLElement | null>>>({});
  const tripType = values.tripType;
  const campaignDetails = useJourneyCampaign(landing, tripType);
  // Without a campaign (a market with no direct one), the code is asked of its own campaign (decision 038).
  const { checking: checkingPromo, verdictOf } = usePromoCheck({
    productType: 'PTR',
    country,
    campaignCode: landing.campaign,
    catalogueCode: landing.catalogueCode,
  });
  const departure = dateOf(values.departure);
  const bounds = tripPickerBounds(today, departure ?? today);

  const ruleContext = () => ({
    base: useTravelFlowStore.getState().policy,
    today,
    promoVerdicts: promoVerdicts.current,
  });
  const showError = (field: TQuoteFormField, messageKey: string | undefined) =>
    setErrors((current) => {
      if (current[field] === messageKey) return current;
      const next = { ...current };
      if (messageKey) next[field] = messageKey;
      else delete next[field];
      return next;
    });
  const focusField = (field: TQuoteFormField) => fields.current[field]?.focus();

  /** After a Start quote, a changed field's message follows its value (the last check wins). */
  const recheck = async (field: TQuoteFormField, checked: TQuoteFormValues) => {
    const run = (checkRuns.current[field] ?? 0) + 1;
    checkRuns.current[field] = run;
    const { validateQuoteForm } = await loadRules();
    const found = await validateQuoteForm(checked, ruleContext());
    if (checkRuns.current[field] === run) showError(field, found[field]);
  };

  const change = <F extends TQuoteFormField>(field: F, value: TQuoteFormValues[F]) => {
    const next = { ...latest.current, [field]: value };
    latest.current = next;
    setValues(next);
    // Every change is kept in the journey's store, so a reload keeps the form (decision 012).
    const store = useTravelFlowStore.getState();
    if (field === 'tripType') store.setTripType(next.tripType);
    if (field === 'journeyCode') store.setDestination(next.journeyCode);
    if (field === 'tripType' || field === 'departure' || field === 'returnDate')
      store.setDates(dateOf(next.departure), dateOf(next.returnDate));
    if (field === 'travellers') store.setTravellers(next.travellers);
    if (field === 'promo') store.setPromo(next.promo.trim());
    if (submitted.current) void recheck(field, next);
  };

  const multirate = useMutation({ mutationFn: travelApi.multirate });

  const message = (key: string) => {
    const shown: string = exists(key) ? key : MESSAGE_KEYS.getQuoteError;
    return t(shown);
  };
  const errorOf = (field: TQuoteFormField) => errors[field];
  const describedBy = (field: TQuoteFormField, hint?: string) =>
    [hint, errorOf(field) ? `${id}-${field}-error` : undefined].filter(Boolean).join(' ') || undefined;

  /** The promo code's own message, shown now; true when it has none. */
  const checkPromoField = async () => {
    const { promoError } = await loadRules();
    const messageKey = promoError(latest.current.promo, ruleContext());
    showError('promo', messageKey);
    return !messageKey;
  };

  /** Validated on blur (travel-flow section 5): the format here, then the server with the campaign. */
  const checkPromo = async () => {
    const code = latest.current.promo.trim();
    if (!(await checkPromoField()) || code in promoVerdicts.current) return;
    // The campaign's verdict (one check for every product's promo field, decisions 044 and 130); none when not asked.
    const verdict = await verdictOf(campaign, code);
    if (verdict === undefined) return;
    promoVerdicts.current[code] = verdict;
    await checkPromoField();
  };

  const showServerRefusal = (error: unknown) => {
    if (error instanceof ApiCallError && error.status === 400 && error.messageKey) {
      const field = formFieldOf(error.field);
      if (field !== 'root') {
        if (field === 'promo') promoVerdicts.current[latest.current.promo.trim()] = error.messageKey;
        showError(field, error.messageKey);
        focusField(field);
        return;
      }
    }
    setFormError(callErrorKey(error));
  };

  const onValid = async (checked: TQuoteFormValues) => {
    setFormError(null);
    const store = useTravelFlowStore.getState();
    const validAgent = isValidAgent(agent) ? agent : null;
    // An agent's quote carries the agent's staff code; without one there is no quote (travel-flow
    // sections 7 and 8). The server puts its own on the stored policy whatever is sent.
    let staffCode: string | undefined;
    if (validAgent) {
      try {
        staffCode = await systemApi.staffCode(validAgent.agentCode, country, 'PTR');
      } catch {
        setFormError(MESSAGE_KEYS.getQuoteError);
        return;
      }
    }
    store.setMarket({
      country,
      lang,
      agentCode: validAgent?.agentCode,
      subAgentId: validAgent?.subAgentId,
      staffCode,
    });
    const policy = policyFromValues(checked, useTravelFlowStore.getState().policy);
    let answer: TRatingAnswer;
    try {
      answer = await multirate.mutateAsync(policy);
    } catch (error) {
      showServerRefusal(error);
      return;
    }
    if (answer.errorMessage || answer.messageKey) {
      showRatingError(answer, setFormError);
      return;
    }
    store.setQuoted(answer, `${location.pathname}${location.search}`);
    navigate('/travel/quote');
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = latest.current;
    const { validateQuoteForm } = await loadRules();
    const found = await validateQuoteForm(checked, ruleContext());
    // A failure that is no field's (a malformed stored journey) does not stop the quote: the server
    // answers it, and its answer shows like any other.
    delete found.root;
    setErrors(found);
    const firstInvalid = FIELD_ORDER.find((field) => found[field] && fields.current[field]?.isConnected);
    if (Object.keys(found).length === 0) await onValid(checked);
    else if (firstInvalid) focusField(firstInvalid);
    submitted.current = true;
  };

  const fieldError = (field: TQuoteFormField) => {
    const key = errorOf(field);
    return (
      <p id={`${id}-${field}-error`} className={styles.error} aria-live="polite">
        {key ? message(key) : null}
      </p>
    );
  };
  const dateInput = (field: 'departure' | 'returnDate', from: TLocalDate, to: TLocalDate) => (
    <div className={styles.field}>
      <label htmlFor={`${id}-${field}`} className={styles.label}>
        {t(`travelQuote.${field}`)}
      </label>
      <DateField
        id={`${id}-${field}`}
        label={t(`travelQuote.${field}`)}
        className={styles.input}
        name={field}
        earliest={from}
        latest={to}
        value={values[field]}
        onChange={(event) => change(field, event.target.value)}
        inputRef={(node) => {
          fields.current[field] = node;
        }}
        aria-invalid={Boolean(errorOf(field)) || undefined}
        aria-describedby={describedBy(field, `${id}-${field}-hint`)}
      />
      <p id={`${id}-${field}-hint`} className={styles.hint}>
        {t('travelQuote.dateWindow', {
          earliest: formatDisplayDate(from, lang),
          latest: formatDisplayDate(to, lang),
        })}
      </p>
      {fieldError(field)}
    </div>
  );

  return (
    // Focusable from script and in-page links only (the banner's Start quote), not in the tab order.
    <section className={styles.section} aria-labelledby={`${id}-title`} id="quote-form" tabIndex={-1}>
      <form
        className={styles.form}
        noValidate
        onSubmit={(event) => void submit(event)}
        // The rules' chunk is fetched as soon as the customer starts on the form.
        onFocus={() => void loadRules()}
      >
        <h2 id={`${id}-title`} className={styles.title}>
          {t('travelQuote.formTitle')}
        </h2>
        <DiscountBanner campaign={campaignDetails} />
        <fieldset className={`${styles.field} ${styles.tripType}`}>
          <legend className={styles.label}>{t('travelQuote.tripType')}</legend>
          <div className={styles.toggle}>
            {(['S', 'A'] as const).map((type) => (
              <label key={type} className={styles.toggleOption}>
                <input
                  type="radio"
                  name="tripType"
                  value={type}
                  checked={tripType === type}
                  onChange={() => change('tripType', type)}
                  ref={(node) => {
                    if (type === 'S') fields.current.tripType = node;
                  }}
                />
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
            name="journeyCode"
            value={values.journeyCode}
            onChange={(event) => change('journeyCode', event.target.value as TJourneyCode)}
            ref={(node) => {
              fields.current.journeyCode = node;
            }}
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
          <TravellerPicker
            value={values.travellers}
            onChange={(travellers) => change('travellers', travellers)}
            buttonRef={(node) => {
              fields.current.travellers = node;
            }}
            errorId={`${id}-travellers-error`}
            invalid={Boolean(errorOf('travellers'))}
          />
          {fieldError('travellers')}
        </div>

        <PromoCodeField
          id={`${id}-promo`}
          classes={styles}
          value={values.promo}
          error={errorOf('promo')}
          checking={checkingPromo}
          inputRef={(node) => {
            fields.current.promo = node;
          }}
          onChange={(promo) => change('promo', promo)}
          onBlur={() => void checkPromo()}
        />

        <div className={styles.submitRow}>
          {/* An alert is announced when it appears (and an empty one would be a second alert on the page). */}
          {formError ? (
            <p className={styles.formError} role="alert">
              {message(formError)}
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

/**
 * The form, skipped when the landing re-renders with the same props: the system status arriving
 * after the first render re-renders the landing, and the form is most of its work.
 */
export const QuoteForm = memo(QuoteFormView);
