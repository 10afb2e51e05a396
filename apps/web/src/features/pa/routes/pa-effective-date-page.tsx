import { COVER_START_WINDOW_DAYS } from '@lionrock/domain/dates/cover-period';
import { addDays, formatDmy, formatIso, parseDmy, parseIso } from '@lionrock/domain/dates/local-date';
import { validateEffectiveDate } from '@lionrock/domain/pa/occupation';
import { annualEndDate } from '@lionrock/domain/travel/trip-rules';
import { type FormEvent, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { DateField } from '../../../components/ui/date-field';
import { Spinner } from '../../../components/ui/spinner';
import { Stepper } from '../../../components/ui/stepper';
import { useTranslation } from '../../../lib/i18n';
import { marketToday } from '../components/pa-dates';
import { useQuoteCall } from '../components/use-quote-call';
import { PA_STEPS } from '../pa-steps';
import { usePaFlowStore } from '../state/pa-flow-store';
import styles from './pa.module.css';

/**
 * The policy effective date (pa-home-payments sections 2, 5 and 9): from today to the cover-start window (decision 050) ahead; the
 * annual period ends one year later minus one day. Continue prices every plan.
 */
export function PaEffectiveDatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const policy = usePaFlowStore((state) => state.policy);
  const country = policy.country ?? 'SGP';
  const today = marketToday(country);
  const stored = parseDmy(policy.policyPAN.effectiveDate ?? '');
  const [value, setValue] = useState(stored ? formatIso(stored) : formatIso(addDays(today, 1)));
  const [error, setError] = useState<string | null>(null);
  const quote = useQuoteCall();
  if (!policy.policyPAN.riskStatementDeclared) return <Navigate to="/pa/occupation" replace />;
  const start = parseIso(value);
  const dmy = start ? formatDmy(start) : '';
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const key = validateEffectiveDate(dmy, today);
    setError(key);
    if (key) return;
    usePaFlowStore.getState().setEffectiveDate(dmy);
    if (await quote.run()) navigate('/pa/quote');
  };
  return (
    <main className={styles.page}>
      <Stepper current={1} steps={PA_STEPS} />
      <h1 className={styles.title}>{t('paEffectiveDate.title')}</h1>
      <form noValidate onSubmit={submit} className={`${styles.card} ${styles.stack}`}>
        <div className={styles.field}>
          <label htmlFor="pa-effective-date" className={styles.label}>
            {t('paEffectiveDate.start')}
          </label>
          <DateField
            id="pa-effective-date"
            label={t('paEffectiveDate.start')}
            className={styles.input}
            value={value}
            earliest={today}
            latest={addDays(today, COVER_START_WINDOW_DAYS)}
            aria-invalid={error ? true : undefined}
            aria-describedby="pa-effective-date-hint pa-effective-date-error"
            onChange={(event) => setValue(event.target.value)}
          />
          <p id="pa-effective-date-hint" className={styles.hint}>
            {t('paEffectiveDate.hint')}
          </p>
          <p id="pa-effective-date-error" className={styles.error} role={error ? 'alert' : undefined}>
            {error ? t(error) : null}
          </p>
        </div>
        <p>
          {t('paEffectiveDate.end')}:{' '}
          <strong data-testid="pa-end-date">{start ? formatDmy(annualEndDate(start)) : '—'}</strong>
        </p>
        <p className={styles.hint}>{t('paEffectiveDate.annual')}</p>
        <div className={styles.actions}>
          <button type="button" className={styles.secondary} onClick={() => navigate('/pa/occupation')}>
            {t('paQuote.back')}
          </button>
          <button type="submit" className={styles.primary}>
            {t('paOccupation.continue')}
          </button>
        </div>
      </form>
      {quote.busy ? <Spinner label={t('paQuote.pricing')} /> : null}
    </main>
  );
}
