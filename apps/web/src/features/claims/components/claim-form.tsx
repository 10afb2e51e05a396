import type { TOfficials } from '@lionrock/domain/claims/attended-officials';
import {
  CLAIM_DRAFT_LINK_VALID_DAYS,
  CLAIM_MESSAGE_KEYS,
  CLAIM_TEXT_LIMITS,
  claimMessageValues,
  claimTypesFor,
  isMaskedValue,
  PAYOUT_METHODS,
  type TClaimForm,
  type TPayout,
  validateClaimForm,
} from '@lionrock/domain/claims/claim-rules';
import { formatIso, parseIso, todayIn } from '@lionrock/domain/dates/local-date';
import { MARKETS } from '@lionrock/domain/market/market';
import { centsOfTyped, formatMoney } from '@lionrock/domain/money/money';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { DateField } from '../../../components/ui/date-field';
import { Modal } from '../../../components/ui/modal';
import { ApiCallError } from '../../../lib/api-client';
import { formatDisplayDate } from '../../../lib/format-date';
import { useTranslation } from '../../../lib/i18n';
import { useSystemStore } from '../../../state/system-store';
import { isStepUpRefusal } from '../../my-policy/api/step-up-api';
import { StepUpForm } from '../../my-policy/components/step-up-form';
import {
  deleteDocument,
  finishLater,
  saveDraft,
  submitClaim,
  type TClaimDraft,
  uploadDocument,
} from '../api/claims-api';
import { forgetClaimForm, keepClaimForm, readKeptClaimForm } from '../state/kept-claim-form';
import { AccidentGuide } from './accident-guide';
import { AttendedOfficials } from './attended-officials';
import styles from './claims.module.css';
import { DocumentUpload } from './document-upload';

type TFields = {
  claimType: string;
  incidentDate: string;
  incidentPlace: string;
  description: string;
  officials: TOfficials;
  amount: string;
  method: 'paynow' | 'bank' | '';
  proxyType: 'mobile' | 'nric' | 'uen';
  proxy: string;
  bankName: string;
  accountNumber: string;
};

/** The draft's fields as saved, with what was typed since and kept in this tab (issue 29) on top. */
function startingFields(draft: TClaimDraft): { fields: TFields; restored: boolean } {
  const saved = fieldsOf(draft);
  const kept = readKeptClaimForm<TFields>(draft.policyId);
  if (!kept || kept.claimId !== draft.claimId) return { fields: saved, restored: false };
  const fields = { ...saved, ...kept.fields };
  const restored = (Object.keys(kept.fields) as (keyof TFields)[]).some(
    (key) => JSON.stringify(kept.fields[key]) !== JSON.stringify(saved[key]),
  );
  return { fields, restored };
}

function fieldsOf(draft: TClaimDraft): TFields {
  const payout = draft.payout;
  return {
    claimType: draft.claimType,
    incidentDate: draft.incidentDate ?? '',
    incidentPlace: draft.incidentPlace,
    description: draft.description,
    officials: draft.officials,
    amount: draft.amountCents ? (draft.amountCents / 100).toFixed(2) : '',
    method: payout?.method ?? (draft.country === 'HKG' ? 'bank' : ''),
    proxyType: payout?.method === 'paynow' ? payout.proxyType : 'mobile',
    proxy: payout?.method === 'paynow' ? payout.proxy : '',
    bankName: payout?.method === 'bank' ? payout.bankName : '',
    accountNumber: payout?.method === 'bank' ? payout.accountNumber : '',
  };
}

function payoutOf(fields: TFields): TPayout | null {
  if (fields.method === 'paynow')
    return { method: 'paynow', proxyType: fields.proxyType, proxy: fields.proxy.trim() };
  if (fields.method === 'bank')
    return { method: 'bank', bankName: fields.bankName.trim(), accountNumber: fields.accountNumber.trim() };
  return null;
}

function formOf(fields: TFields): TClaimForm {
  return {
    claimType: fields.claimType,
    incidentDate: fields.incidentDate,
    incidentPlace: fields.incidentPlace,
    description: fields.description,
    officials: fields.officials,
    amountCents: centsOfTyped(fields.amount),
    payout: payoutOf(fields),
  };
}

/** The whole claim: the form, its review, and the claim number once submitted. */
export function ClaimForm({ initial }: { initial: TClaimDraft }) {
  const { t } = useTranslation();
  const lang = useSystemStore((state) => state.lang);
  const [draft, setDraft] = useState(initial);
  const [start] = useState(() => startingFields(initial));
  const [fields, setFields] = useState<TFields>(start.fields);
  /** A claim like one made already (the server's 409): its number, until the customer answers. */
  const [twin, setTwin] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [stage, setStage] = useState<'form' | 'review' | 'done'>('form');
  const [claimNumber, setClaimNumber] = useState('');
  const [notice, setNotice] = useState<string | null>(() => (start.restored ? t('claims.restored') : null));
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  /** A new payout account waits for the code from the policy's address (decision 102): the action to finish with it. */
  const [stepUp, setStepUp] = useState<{ resume: (code: string) => Promise<void> } | null>(null);
  const top = useRef<HTMLHeadingElement>(null);

  // Every change is kept in this tab until the claim is submitted (issue 29: nothing typed is lost).
  useEffect(() => {
    if (stage !== 'done') keepClaimForm(draft.policyId, draft.claimId, fields);
  }, [draft.policyId, draft.claimId, fields, stage]);

  const country = draft.country;
  const today = todayIn(MARKETS[country].timeZone, new Date());
  const showDate = (iso: string) => {
    const date = parseIso(iso);
    return date ? formatDisplayDate(date, lang) : iso;
  };
  const set = <K extends keyof TFields>(key: K, value: TFields[K]) =>
    setFields((current) => ({ ...current, [key]: value }));
  // Each message names its field's real limit (a text's length, the market's account-number digits).
  const errorOf = (field: string) =>
    errors[field] ? t(errors[field], claimMessageValues(field, country)) : undefined;
  /** A text field's count against its limit, said beside it (issue 29: a limit is shown, never cut silently). */
  const counter = (id: string, value: string, field: 'incidentPlace' | 'description') => (
    <p
      className={value.length > CLAIM_TEXT_LIMITS[field] ? styles.error : styles.hint}
      id={id}
      aria-live="polite"
    >
      {t('claims.incident.counter', { count: value.length, max: CLAIM_TEXT_LIMITS[field] })}
    </p>
  );
  const describedBy = (field: string, hint?: string) =>
    [hint, errors[field] ? `${field}-error` : ''].filter(Boolean).join(' ') || undefined;
  const errorLine = (field: string) =>
    errors[field] ? (
      <p id={`${field}-error`} className={styles.error} role="alert">
        {errorOf(field)}
      </p>
    ) : null;

  /**
   * What the server keeps of the form now; a masked payout value sent back keeps the saved one. A new
   * payout account goes with the step-up code (`stepUpCode`) the server asks for.
   */
  async function save(stepUpCode?: string): Promise<TClaimDraft> {
    const form = formOf(fields);
    const payout = form.payout;
    const saved = await saveDraft(draft.claimId, {
      ...(stepUpCode ? { stepUpCode } : {}),
      claimType: form.claimType,
      incidentDate: form.incidentDate,
      // Sent as typed: a text over its limit is flagged by the check before, never cut (issue 29).
      incidentPlace: form.incidentPlace,
      description: form.description,
      officials: form.officials,
      ...(form.amountCents && form.amountCents > 0 ? { amountCents: form.amountCents } : {}),
      ...(payout ? { payout } : {}),
    });
    setDraft(saved);
    return saved;
  }

  function check(): boolean {
    const found = validateClaimForm(
      formOf(fields),
      { product: draft.productType, country, today, coverStart: draft.coverStart, coverEnd: draft.coverEnd },
      draft.documents.length,
    );
    // A masked value the server answered stands for the saved one.
    const payout = draft.payout;
    if (payout?.method === 'bank' && isMaskedValue(fields.accountNumber)) delete found.accountNumber;
    if (payout?.method === 'paynow' && isMaskedValue(fields.proxy)) delete found.paynowProxy;
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) document.getElementById(`claim-${first}`)?.focus();
    return !first;
  }

  /** Runs an action; one the server holds for a step-up code is finished, with the code, from the code's form. */
  async function run(action: (stepUpCode?: string) => Promise<void>) {
    setBusy(true);
    setFailure(null);
    try {
      await action();
    } catch (error) {
      if (isStepUpRefusal(error) && error.status === 403) {
        setStepUp({ resume: (code) => action(code) });
        return;
      }
      if (error instanceof ApiCallError && error.messageKey === CLAIM_MESSAGE_KEYS.duplicate) {
        const values = (error.body as { values?: { claimNumber?: string } } | undefined)?.values;
        setTwin(values?.claimNumber ?? '');
        return;
      }
      if (error instanceof ApiCallError && error.field && error.messageKey?.startsWith('claims.errors.')) {
        setErrors({ [error.field]: error.messageKey });
        setStage('form');
      } else
        setFailure(
          t(
            error instanceof ApiCallError && error.status === 401
              ? 'claims.errors.session'
              : 'claims.errors.generic',
          ),
        );
    } finally {
      setBusy(false);
    }
  }

  /** Submits; a claim like one made already is questioned first (the server's 409), then sent confirmed. */
  const submit = (confirmDuplicate: boolean) =>
    run(async () => {
      const answer = await submitClaim(draft.claimId, confirmDuplicate);
      setTwin(null);
      forgetClaimForm(draft.policyId);
      setClaimNumber(answer.claimNumber);
      setStage('done');
      queueMicrotask(() => top.current?.focus());
    });

  if (stage === 'done')
    return (
      <section className={styles.section} aria-labelledby="claim-done">
        <h2 id="claim-done" ref={top} tabIndex={-1}>
          {t('claims.done.title')}
        </h2>
        <p>{t('claims.done.number')}</p>
        <p className={styles.claimNumber}>{claimNumber}</p>
        <p>{t('claims.done.next')}</p>
        <Link to={`/claims/status?claim=${encodeURIComponent(claimNumber)}`}>{t('claims.done.status')}</Link>
      </section>
    );

  if (stage === 'review') {
    const form = formOf(fields);
    const chosen = Object.entries(form.officials.officials).map(
      ([type, details]) => `${t(`claims.officials.types.${type}`)}${details ? `: ${details}` : ''}`,
    );
    const payout = draft.payout;
    return (
      <section className={styles.section} aria-labelledby="claim-review">
        <h2 id="claim-review" ref={top} tabIndex={-1}>
          {t('claims.review.title')}
        </h2>
        <dl className={styles.summary}>
          <dt>{t('claims.review.policy')}</dt>
          <dd>{`${t(`claims.products.${draft.productType}`)} ${draft.policyNumber}`}</dd>
          <dt>{t('claims.review.type')}</dt>
          <dd>{t(`claims.types.${form.claimType}`)}</dd>
          <dt>{t('claims.review.date')}</dt>
          <dd>{showDate(form.incidentDate)}</dd>
          <dt>{t('claims.review.place')}</dt>
          <dd>{form.incidentPlace}</dd>
          <dt>{t('claims.review.description')}</dt>
          <dd>{form.description}</dd>
          <dt>{t('claims.review.officials')}</dt>
          <dd>{form.officials.noOne ? t('claims.review.noOne') : chosen.join(', ')}</dd>
          <dt>{t('claims.review.amount')}</dt>
          <dd>{formatMoney(form.amountCents ?? 0, country)}</dd>
          <dt>{t('claims.review.payout')}</dt>
          <dd>
            {payout?.method === 'paynow'
              ? `${t('claims.payout.paynow')} ${payout.proxy}`
              : payout?.method === 'bank'
                ? `${payout.bankName} ${payout.accountNumber}`
                : ''}
          </dd>
          <dt>{t('claims.review.documents')}</dt>
          <dd>{draft.documents.map((document) => document.name).join(', ')}</dd>
        </dl>
        <div className={styles.actions}>
          <button type="button" className={styles.primary} disabled={busy} onClick={() => submit(false)}>
            {t('claims.review.submit')}
          </button>
          <button type="button" className={styles.secondary} onClick={() => setStage('form')}>
            {t('claims.review.change')}
          </button>
        </div>
        {twin !== null ? (
          <div
            className={styles.notice}
            role="alertdialog"
            aria-labelledby="claim-twin-title"
            aria-describedby="claim-twin-text"
          >
            <h3 id="claim-twin-title">{t('claims.duplicate.title')}</h3>
            <p id="claim-twin-text">
              {t('claims.duplicate.text', {
                claimNumber: twin,
                type: t(`claims.types.${form.claimType}`),
                date: showDate(form.incidentDate),
              })}
            </p>
            <div className={styles.actions}>
              <button type="button" className={styles.primary} disabled={busy} onClick={() => submit(true)}>
                {t('claims.duplicate.confirm')}
              </button>
              <Link to={`/claims/status?claim=${encodeURIComponent(twin)}`}>
                {t('claims.duplicate.follow', { claimNumber: twin })}
              </Link>
            </div>
          </div>
        ) : null}
        {failure ? (
          <p className={styles.error} role="alert">
            {failure}
          </p>
        ) : null}
      </section>
    );
  }

  const methods = PAYOUT_METHODS[country];
  // The later of the two is never a valid incident date: ISO dates sort as text.
  const maxDate = [draft.coverEnd, formatIso(today)].sort()[0];
  return (
    <>
      <form
        className={styles.stack}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!check()) return;
          void run(async (stepUpCode) => {
            await save(stepUpCode);
            setStage('review');
            queueMicrotask(() => top.current?.focus());
          });
        }}
      >
        <section className={styles.section} aria-labelledby="claim-type-title">
          <h2 id="claim-type-title">{`${t(`claims.products.${draft.productType}`)} ${draft.policyNumber}`}</h2>
          <fieldset className={styles.choices} aria-describedby={describedBy('claimType')}>
            <legend>{t('claims.types.legend')}</legend>
            {claimTypesFor(draft.productType).map((type, index) => (
              <label key={type} className={styles.choice}>
                <input
                  id={index === 0 ? 'claim-claimType' : undefined}
                  type="radio"
                  name="claimType"
                  checked={fields.claimType === type}
                  onChange={() => set('claimType', type)}
                />
                {t(`claims.types.${type}`)}
              </label>
            ))}
          </fieldset>
          {errorLine('claimType')}
        </section>

        {draft.productType === 'PAN' ? <AccidentGuide /> : null}

        <section className={styles.section} aria-labelledby="claim-incident">
          <h2 id="claim-incident">{t('claims.incident.title')}</h2>
          <div className={styles.field}>
            <label className={styles.label} htmlFor="claim-incidentDate">
              {t('claims.incident.date')}
            </label>
            <p className={styles.hint} id="claim-date-hint">
              {t('claims.incident.dateHint', {
                start: showDate(draft.coverStart),
                end: showDate(draft.coverEnd),
              })}
            </p>
            <DateField
              id="claim-incidentDate"
              label={t('claims.incident.date')}
              className={styles.input}
              earliest={parseIso(draft.coverStart)}
              latest={parseIso(maxDate ?? '')}
              value={fields.incidentDate}
              aria-invalid={errors.incidentDate ? true : undefined}
              aria-describedby={describedBy('incidentDate', 'claim-date-hint')}
              onChange={(event) => set('incidentDate', event.target.value)}
            />
            {errorLine('incidentDate')}
          </div>
          <div className={styles.field}>
            <label className={styles.label} htmlFor="claim-incidentPlace">
              {t('claims.incident.place')}
            </label>
            <p className={styles.hint} id="claim-place-hint">
              {t('claims.incident.placeHint')}
            </p>
            <input
              id="claim-incidentPlace"
              className={styles.input}
              value={fields.incidentPlace}
              aria-invalid={errors.incidentPlace ? true : undefined}
              aria-describedby={describedBy('incidentPlace', 'claim-place-hint claim-place-counter')}
              onChange={(event) => set('incidentPlace', event.target.value)}
            />
            {counter('claim-place-counter', fields.incidentPlace, 'incidentPlace')}
            {errorLine('incidentPlace')}
          </div>
          <div className={styles.field}>
            <label className={styles.label} htmlFor="claim-description">
              {t('claims.incident.description')}
            </label>
            <textarea
              id="claim-description"
              className={styles.textarea}
              value={fields.description}
              aria-invalid={errors.description ? true : undefined}
              aria-describedby={describedBy('description', 'claim-description-counter')}
              onChange={(event) => set('description', event.target.value)}
            />
            {counter('claim-description-counter', fields.description, 'description')}
            {errorLine('description')}
          </div>
          <AttendedOfficials
            value={fields.officials}
            onChange={(value) => set('officials', value)}
            error={errorOf('officials')}
          />
        </section>

        <section className={styles.section} aria-labelledby="claim-amount-title">
          <h2 id="claim-amount-title">{t('claims.amount.title')}</h2>
          <div className={styles.field}>
            <label className={styles.label} htmlFor="claim-amountCents">
              {t('claims.amount.label', { currency: MARKETS[country].currencySymbol })}
            </label>
            <p className={styles.hint} id="claim-amount-hint">
              {t('claims.amount.hint')}
            </p>
            <input
              id="claim-amountCents"
              className={styles.input}
              inputMode="decimal"
              value={fields.amount}
              aria-invalid={errors.amountCents ? true : undefined}
              aria-describedby={describedBy('amountCents', 'claim-amount-hint')}
              onChange={(event) => set('amount', event.target.value)}
            />
            {errorLine('amountCents')}
          </div>
          <fieldset className={styles.choices}>
            <legend>{t('claims.payout.legend')}</legend>
            {methods.map((method, index) => (
              <label key={method} className={styles.choice}>
                <input
                  id={index === 0 ? 'claim-payoutMethod' : undefined}
                  type="radio"
                  name="payoutMethod"
                  checked={fields.method === method}
                  onChange={() => set('method', method)}
                />
                {t(`claims.payout.${method}`)}
              </label>
            ))}
          </fieldset>
          {errorLine('payoutMethod')}
          {fields.method === 'paynow' ? (
            <>
              <fieldset className={styles.choices} style={{ marginTop: 16 }}>
                <legend>{t('claims.payout.proxyType')}</legend>
                {(['mobile', 'nric', 'uen'] as const).map((type) => (
                  <label key={type} className={styles.choice}>
                    <input
                      type="radio"
                      name="proxyType"
                      checked={fields.proxyType === type}
                      onChange={() => set('proxyType', type)}
                    />
                    {t(`claims.payout.proxyTypes.${type}`)}
                  </label>
                ))}
              </fieldset>
              <div className={styles.field} style={{ marginTop: 16 }}>
                <label className={styles.label} htmlFor="claim-paynowProxy">
                  {t('claims.payout.proxy')}
                </label>
                <input
                  id="claim-paynowProxy"
                  className={styles.input}
                  autoComplete="off"
                  value={fields.proxy}
                  aria-invalid={errors.paynowProxy ? true : undefined}
                  aria-describedby={describedBy(
                    'paynowProxy',
                    isMaskedValue(fields.proxy) ? 'claim-masked' : undefined,
                  )}
                  onChange={(event) => set('proxy', event.target.value)}
                />
                {errorLine('paynowProxy')}
              </div>
            </>
          ) : null}
          {fields.method === 'bank' ? (
            <div style={{ marginTop: 16 }}>
              <div className={styles.field}>
                <label className={styles.label} htmlFor="claim-bankName">
                  {t('claims.payout.bankName')}
                </label>
                <input
                  id="claim-bankName"
                  className={styles.input}
                  value={fields.bankName}
                  aria-invalid={errors.bankName ? true : undefined}
                  aria-describedby={describedBy('bankName')}
                  onChange={(event) => set('bankName', event.target.value)}
                />
                {errorLine('bankName')}
              </div>
              <div className={styles.field}>
                <label className={styles.label} htmlFor="claim-accountNumber">
                  {t('claims.payout.accountNumber')}
                </label>
                <input
                  id="claim-accountNumber"
                  className={styles.input}
                  inputMode="numeric"
                  autoComplete="off"
                  value={fields.accountNumber}
                  aria-invalid={errors.accountNumber ? true : undefined}
                  aria-describedby={describedBy(
                    'accountNumber',
                    isMaskedValue(fields.accountNumber) ? 'claim-masked' : undefined,
                  )}
                  onChange={(event) => set('accountNumber', event.target.value)}
                />
                {errorLine('accountNumber')}
              </div>
            </div>
          ) : null}
          {isMaskedValue(fields.accountNumber) || isMaskedValue(fields.proxy) ? (
            <p className={styles.hint} id="claim-masked">
              {t('claims.payout.masked')}
            </p>
          ) : null}
        </section>

        <DocumentUpload
          documents={draft.documents}
          upload={async (file, onProgress) => setDraft(await uploadDocument(draft.claimId, file, onProgress))}
          remove={async (documentId) => setDraft(await deleteDocument(draft.claimId, documentId))}
          error={errorOf('documents')}
        />

        {notice ? (
          <p className={styles.notice} role="status">
            {notice}
          </p>
        ) : null}
        {failure ? (
          <p className={styles.error} role="alert">
            {failure}
          </p>
        ) : null}
        <div className={styles.actions}>
          <button type="submit" className={styles.primary} disabled={busy}>
            {t('claims.review.button')}
          </button>
          <button
            type="button"
            className={styles.secondary}
            disabled={busy}
            onClick={() =>
              run(async (stepUpCode) => {
                await save(stepUpCode);
                const { sentTo } = await finishLater(draft.claimId);
                setNotice(t('claims.later.sent', { email: sentTo, days: CLAIM_DRAFT_LINK_VALID_DAYS }));
              })
            }
          >
            {t('claims.later.button')}
          </button>
        </div>
      </form>
      <Modal
        open={stepUp !== null}
        onClose={() => setStepUp(null)}
        title={t('claims.payout.stepUpTitle')}
        size="small"
      >
        {stepUp ? (
          <StepUpForm
            policyId={draft.policyId}
            purpose="claim-payout"
            confirmLabel={t('claims.payout.stepUpConfirm')}
            onConfirm={async (code) => {
              await stepUp.resume(code);
              setStepUp(null);
            }}
            onCancel={() => setStepUp(null)}
            onError={(error) => {
              setStepUp(null);
              setFailure(
                t(
                  error instanceof ApiCallError && error.status === 401
                    ? 'claims.errors.session'
                    : 'claims.errors.generic',
                ),
              );
            }}
          />
        ) : null}
      </Modal>
    </>
  );
}
