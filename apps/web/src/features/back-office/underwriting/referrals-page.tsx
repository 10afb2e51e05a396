import {
  type TReferralDecisionRequest,
  ZReferralDecision,
} from '@lionrock/domain/back-office/referral-requests';
import {
  REFERRAL_CLASSES,
  REFERRAL_DECISION_MESSAGES,
  REFERRAL_DECISION_REASON_LENGTH,
  REFERRAL_MAX_LOADING_PERCENT,
} from '@lionrock/domain/back-office/referral-rules';
import { formatMoney } from '@lionrock/domain/money/money';
import { OCCUPATIONS } from '@lionrock/domain/pa/occupation';
import { DECLINED_CLASS, withheldPlansNote } from '@lionrock/domain/pa/occupation-classes';
import { HONG_KONG_CLAIMS_LIMIT_CENTS } from '@lionrock/domain/pa/pa-limits';
import { useId, useState } from 'react';
import { Link, useParams, useRoutes } from 'react-router';
import shell from '../back-office.module.css';
import { backOfficeCall } from '../back-office-api';
import { DataTable } from '../data-table';
import { useCan } from '../signed-in-account';
import { staffCalendarDay, staffDay, staffMoment } from '../staff-dates';
import { FormField, FormMessages, useStaffForm } from '../staff-form';
import { useStaffQuery } from '../staff-query';
import { Loading, problem } from './shared';
import styles from './underwriting.module.css';

/**
 * Underwriting referrals (issue 18, decision 089): the queue of quotes customers referred, masked;
 * one referral with its quote and audit trail, each masked field revealed on its own (audited); and
 * for underwriting, the decision: accept with a reason (and a class or loading) or refuse with one.
 */
type TSummary = {
  referralId: string;
  reference: string;
  createdAt: string;
  country: string;
  reason: string;
  status: string;
  fullName: string;
  idNumber: string;
  email: string;
  mobile: string;
  validUntil: string | null;
};
type TDetail = {
  referral: TSummary & {
    decidedBy: string | null;
    decisionReason: string | null;
    acceptedClass: string | null;
    loadingPercent: number | null;
    consentAt: string;
    language: string;
  };
  quote: {
    insuredPersonType: string;
    children: number;
    adults: { occupation: string; label: string; occupationClass: string | null }[];
    effectiveDate: string;
    residency: string | null;
    largestClaimInThreeYears: number | null;
    agentCode: string | null;
  };
  audit: { at: string; actor: string; action: string; note: string | null }[];
};

const REASONS: Record<string, string> = {
  OCCUPATION_DECLINED: `Declined occupation (class ${DECLINED_CLASS})`,
  CLAIMS_REFER_TO_AGENT: `Claims over ${formatMoney(HONG_KONG_CLAIMS_LIMIT_CENTS, 'HKG')} in 3 years`,
};
const BASE = '/admin/underwriting/referrals';

function ReferralList() {
  const id = useId();
  const [status, setStatus] = useState('open');
  const listed = useStaffQuery<{ referrals: TSummary[] }>(`${BASE}${status ? `?status=${status}` : ''}`);
  const rows = listed.data?.referrals ?? null;
  const error = listed.error ?? '';
  return (
    <div>
      <h1 className={shell.heading}>Referrals</h1>
      <section className={`${shell.card} ${shell.wideCard}`} aria-labelledby={`${id}-list`}>
        <h2 id={`${id}-list`}>Quotes referred by customers</h2>
        <div className={shell.field}>
          <label className={shell.label} htmlFor={`${id}-status`}>
            Status
          </label>
          <select
            id={`${id}-status`}
            className={shell.input}
            value={status}
            onChange={(event) => setStatus(event.target.value)}
          >
            <option value="open">Open</option>
            <option value="accepted">Accepted</option>
            <option value="refused">Refused</option>
            <option value="">All</option>
          </select>
        </div>
        {error ? (
          <p className={shell.formError} role="alert">
            {error}
          </p>
        ) : null}
        {rows === null ? (
          <Loading label="Loading the referrals…" />
        ) : rows.length === 0 ? (
          <p>No referral here.</p>
        ) : (
          <DataTable
            label="Referrals"
            rows={rows}
            rowKey={(row) => row.referralId}
            columns={[
              {
                header: 'Reference',
                cell: (row) => <Link to={`/admin/referrals/${row.referralId}`}>{row.reference}</Link>,
                rowHeader: true,
              },
              { header: 'Received', cell: (row) => staffDay(row.createdAt) },
              { header: 'Market', cell: (row) => row.country },
              { header: 'Reason', cell: (row) => REASONS[row.reason] ?? row.reason },
              { header: 'Applicant', cell: (row) => row.fullName },
              { header: 'ID number', cell: (row) => row.idNumber, className: styles.code },
              { header: 'Status', cell: (row) => row.status },
            ]}
          />
        )}
      </section>
    </div>
  );
}

/** "Class 3: manual work (no plan D)": the class's own label and the plans it is not offered. */
function classOption(code: (typeof REFERRAL_CLASSES)[number]): string {
  const label = OCCUPATIONS.find((occupation) => occupation.code === code)?.labelEn ?? code;
  const note = withheldPlansNote(code);
  return note ? `${label} (${note})` : label;
}

/** The decision as the underwriter fills it in: the loading typed as text. */
type TDecisionForm = {
  outcome: 'accepted' | 'refused';
  occupationClass: string;
  loadingPercent: string;
  reason: string;
};

/**
 * The decision the form sends: a refusal only its reason; an acceptance the class (an occupation
 * referral's) and the loading. "abc" or "1.5" reach the schema (and its message); an empty box or 0 is
 * no loading.
 */
function decisionRequest(values: TDecisionForm, occupation: boolean) {
  const loading = Number(values.loadingPercent);
  return {
    outcome: values.outcome,
    reason: values.reason,
    ...(values.outcome === 'accepted'
      ? {
          ...(occupation ? { occupationClass: values.occupationClass } : {}),
          ...(values.loadingPercent.trim() !== '' && loading !== 0 ? { loadingPercent: loading } : {}),
        }
      : {}),
  };
}

function DecisionForm({ detail, onDone }: { detail: TDetail; onDone: () => void }) {
  const id = useId();
  const occupation = detail.referral.reason === 'OCCUPATION_DECLINED';
  const form = useStaffForm<TDecisionForm, TReferralDecisionRequest>({
    defaultValues: {
      outcome: 'accepted',
      occupationClass: REFERRAL_CLASSES[0],
      loadingPercent: '0',
      reason: '',
    },
    schema: ZReferralDecision,
    toRequest: (values) => decisionRequest(values, occupation),
    messages: REFERRAL_DECISION_MESSAGES,
  });
  const outcome = form.watch('outcome');
  const busy = form.formState.isSubmitting;
  const submit = form.submitWith(async (decision) => {
    await backOfficeCall('POST', `${BASE}/${detail.referral.referralId}/decision`, decision);
    onDone();
  });
  return (
    <section className={`${shell.card} ${shell.wideCard}`} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Decision</h2>
      <form className={styles.grid} onSubmit={submit} noValidate aria-busy={busy}>
        <fieldset className={`${styles.row} ${styles.wide}`}>
          <legend className={shell.label}>Outcome</legend>
          {(['accepted', 'refused'] as const).map((value) => (
            <label key={value}>
              <input type="radio" value={value} {...form.register('outcome')} />{' '}
              {value === 'accepted' ? 'Accept' : 'Refuse'}
            </label>
          ))}
        </fieldset>
        {outcome === 'accepted' && occupation ? (
          <FormField form={form} name="occupationClass" label="Rate the occupation at class">
            {(control) => (
              <select {...control} {...form.register('occupationClass')}>
                {REFERRAL_CLASSES.map((code) => (
                  <option key={code} value={code}>
                    {classOption(code)}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        ) : null}
        {outcome === 'accepted' ? (
          <FormField
            form={form}
            name="loadingPercent"
            label="Loading (% of the premium)"
            hint={`0 for none; at most ${REFERRAL_MAX_LOADING_PERCENT}.`}
          >
            {(control) => <input {...control} inputMode="numeric" {...form.register('loadingPercent')} />}
          </FormField>
        ) : null}
        <FormField
          form={form}
          name="reason"
          className={styles.wide}
          label={
            outcome === 'accepted'
              ? 'Reason for accepting (kept on file)'
              : 'Reason for refusing (told to the customer)'
          }
        >
          {(control) => (
            <textarea
              {...control}
              rows={3}
              maxLength={REFERRAL_DECISION_REASON_LENGTH.max}
              {...form.register('reason')}
            />
          )}
        </FormField>
        <div className={styles.wide}>
          <button type="submit" className={shell.primary} disabled={busy}>
            {busy
              ? 'Saving…'
              : outcome === 'accepted'
                ? 'Accept and e-mail the customer'
                : 'Refuse and e-mail the customer'}
          </button>
          <FormMessages form={form} />
        </div>
      </form>
    </section>
  );
}

function ReferralDetail() {
  const { referralId = '' } = useParams();
  // Only underwriting decides and only a role with underwriting.reveal reveals: the server answers 403 to others.
  const canDecide = useCan('underwriting.write');
  const mayReveal = useCan('underwriting.reveal');
  const answer = useStaffQuery<TDetail>(`${BASE}/${referralId}`);
  const detail = answer.data;
  const load = answer.reload;
  const [actionError, setError] = useState('');
  const error = actionError || answer.error || '';
  const [revealed, setRevealed] = useState<Record<string, string>>({});
  const [done, setDone] = useState('');
  const reveal = async (field: 'idNumber' | 'email' | 'mobile') => {
    try {
      const answer = await backOfficeCall<{ value: string }>('POST', `${BASE}/${referralId}/reveal`, {
        field,
      });
      setRevealed((current) => ({ ...current, [field]: answer.value }));
      await load();
    } catch (failure) {
      setError(problem(failure));
    }
  };
  if (!detail)
    return error ? (
      <p className={shell.formError} role="alert">
        {error}
      </p>
    ) : (
      <Loading label="Loading the referral…" />
    );
  const { referral, quote } = detail;
  const masked = (field: 'idNumber' | 'email' | 'mobile', label: string) => (
    <div>
      <dt>{label}</dt>
      <dd className={styles.row}>
        <span className={styles.code}>{revealed[field] ?? referral[field]}</span>
        {revealed[field] || !mayReveal ? null : (
          <button
            type="button"
            className={shell.link}
            onClick={() => void reveal(field)}
            aria-label={`Reveal ${label.toLowerCase()}`}
          >
            Reveal
          </button>
        )}
      </dd>
    </div>
  );
  return (
    <div>
      <p>
        <Link to="/admin/referrals">All referrals</Link>
      </p>
      <h1 className={shell.heading}>Referral {referral.reference}</h1>
      {error ? (
        <p className={shell.formError} role="alert">
          {error}
        </p>
      ) : null}
      {done ? (
        <p className={styles.done} role="status">
          {done}
        </p>
      ) : null}
      <section className={`${shell.card} ${shell.wideCard}`} aria-label="Applicant">
        <h2>Applicant</h2>
        <dl className={styles.grid}>
          <div>
            <dt>Name</dt>
            <dd>{referral.fullName}</dd>
          </div>
          {masked('idNumber', 'ID number')}
          {masked('email', 'E-mail')}
          {masked('mobile', 'Mobile')}
          <div>
            <dt>Consent to be contacted</dt>
            <dd>{staffMoment(referral.consentAt)}</dd>
          </div>
          <div>
            <dt>Language</dt>
            <dd>{referral.language === 'zh' ? 'Chinese' : 'English'}</dd>
          </div>
        </dl>
      </section>
      <section className={`${shell.card} ${shell.wideCard}`} aria-label="Quote">
        <h2>Quote</h2>
        <dl className={styles.grid}>
          <div>
            <dt>Reason</dt>
            <dd>{REASONS[referral.reason] ?? referral.reason}</dd>
          </div>
          <div>
            <dt>Market</dt>
            <dd>{referral.country}</dd>
          </div>
          <div>
            <dt>Covered</dt>
            <dd>
              {quote.insuredPersonType === 'family'
                ? `Family: ${quote.adults.length} adult(s), ${quote.children} child(ren)`
                : 'Individual'}
            </dd>
          </div>
          {quote.adults.map((adult, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: one line per adult, by position
            <div key={index}>
              <dt>Adult {index + 1} occupation</dt>
              <dd>
                {adult.label} (code {adult.occupation}, class {adult.occupationClass ?? '?'})
              </dd>
            </div>
          ))}
          <div>
            <dt>Cover to start</dt>
            <dd>{staffCalendarDay(quote.effectiveDate)}</dd>
          </div>
          {quote.largestClaimInThreeYears !== null ? (
            <div>
              <dt>Largest claim in 3 years</dt>
              <dd>HK${quote.largestClaimInThreeYears}</dd>
            </div>
          ) : null}
          {quote.residency ? (
            <div>
              <dt>Residency</dt>
              <dd>{quote.residency}</dd>
            </div>
          ) : null}
          {quote.agentCode ? (
            <div>
              <dt>Agent</dt>
              <dd>{quote.agentCode}</dd>
            </div>
          ) : null}
          <div>
            <dt>Status</dt>
            <dd>
              {referral.status}
              {referral.decidedBy ? ` by ${referral.decidedBy}` : ''}
              {referral.acceptedClass ? `, class ${referral.acceptedClass}` : ''}
              {referral.loadingPercent ? `, loading ${referral.loadingPercent}%` : ''}
              {referral.validUntil ? `, valid until ${staffDay(referral.validUntil)}` : ''}
            </dd>
          </div>
          {referral.decisionReason ? (
            <div>
              <dt>Decision reason</dt>
              <dd>{referral.decisionReason}</dd>
            </div>
          ) : null}
        </dl>
      </section>
      {referral.status === 'open' && canDecide ? (
        <DecisionForm
          detail={detail}
          onDone={() => {
            setDone('Decided: the customer is e-mailed.');
            void load();
          }}
        />
      ) : null}
      <section className={`${shell.card} ${shell.wideCard}`} aria-label="Audit trail">
        <h2>Audit trail</h2>
        {detail.audit.length === 0 ? (
          <p>Nothing recorded yet.</p>
        ) : (
          <DataTable
            label="Audit trail entries"
            rows={detail.audit}
            rowKey={(entry) => `${entry.at}-${entry.action}-${entry.note ?? ''}`}
            columns={[
              { header: 'When', cell: (entry) => staffMoment(entry.at) },
              { header: 'Who', cell: (entry) => entry.actor },
              { header: 'What', cell: (entry) => entry.action },
              { header: 'Note', cell: (entry) => entry.note },
            ]}
          />
        )}
      </section>
    </div>
  );
}

export default function ReferralsPage() {
  // useRoutes, not <Routes>/<Route>: those would be bundled into the shop's landing with react-router.
  return useRoutes([
    { index: true, element: <ReferralList /> },
    { path: ':referralId', element: <ReferralDetail /> },
  ]);
}
