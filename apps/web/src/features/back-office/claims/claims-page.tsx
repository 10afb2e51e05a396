import type { TOfficials } from '@lionrock/domain/claims/attended-officials';
import { CLAIM_ANSWER_ACTOR, CLAIM_STATUSES, type TClaimStatus } from '@lionrock/domain/claims/claim-status';
import { type FormEvent, useState } from 'react';
import { Link, useParams, useRoutes } from 'react-router';
import { BACK_OFFICE_API, BackOfficeError, backOfficeCall } from '../back-office-api';
import { DataTable } from '../data-table';
import { useCan } from '../signed-in-account';
import { staffCalendarDay, staffMoment } from '../staff-dates';
import { useStaffQuery } from '../staff-query';
import { type TWaitingApproval, WaitingApprovalCard, WaitingApprovals } from './claim-approvals';
import { claimTypeLabel, label, money, officialsText } from './claim-format';
import { ClaimMoveForm } from './claim-move-form';
import styles from './claims.module.css';

/** The claims queue and a claim's page (issue 18, decision 081). Staff screens are English only. */
const PRODUCTS: Record<string, string> = { PTR: 'Travel', PAN: 'Personal accident', HOM: 'Home' };
const MARKETS: Record<string, string> = { SGP: 'Singapore', HKG: 'Hong Kong' };

const when = (iso: string | null) => (iso ? staffMoment(iso) : '—');
const problem = (error: unknown) =>
  error instanceof BackOfficeError ? error.message : 'Something went wrong. Please try again.';

type TPayout = { method: string; bankName?: string; accountNumber?: string; proxy?: string } | null;
type TClaimRow = {
  claimId: string;
  claimNumber: string;
  status: string;
  productType: string;
  country: string;
  claimType: string;
  amountCents: number | null;
  payout: TPayout;
  submittedAt: string | null;
  policyNumber: string;
  holderName: string | null;
};

function payoutText(payout: TPayout) {
  if (!payout) return '—';
  return payout.method === 'bank'
    ? `${payout.bankName ?? 'Bank'} ${payout.accountNumber ?? ''}`
    : `PayNow ${payout.proxy ?? ''}`;
}

function Progress({ text }: { text: string }) {
  return (
    <p role="status" className={styles.muted}>
      {text}
    </p>
  );
}

function ClaimsQueue() {
  const [filters, setFilters] = useState({ status: '', product: '', market: '', q: '' });
  const [applied, setApplied] = useState(filters);
  const query = new URLSearchParams(Object.entries(applied).filter(([, value]) => value !== ''));
  const listed = useStaffQuery<{ claims: TClaimRow[] }>(`/admin/claims?${query}`);
  const rows = listed.data?.claims ?? null;
  const error = listed.error ?? '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setApplied(filters);
  };
  const select = (name: keyof typeof filters, text: string, options: Record<string, string>) => (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={`claims-${name}`}>
        {text}
      </label>
      <select
        id={`claims-${name}`}
        className={styles.input}
        value={filters[name]}
        onChange={(event) => setFilters({ ...filters, [name]: event.target.value })}
      >
        <option value="">All</option>
        {Object.entries(options).map(([value, optionLabel]) => (
          <option key={value} value={value}>
            {optionLabel}
          </option>
        ))}
      </select>
    </div>
  );

  return (
    <section className={styles.page} aria-labelledby="claims-heading">
      <h1 id="claims-heading" className={styles.heading}>
        Claims
      </h1>
      <form className={styles.filters} onSubmit={submit} aria-label="Filter claims">
        {select(
          'status',
          'Status',
          Object.fromEntries(CLAIM_STATUSES.map((status) => [status, label(status)])),
        )}
        {select('product', 'Product', PRODUCTS)}
        {select('market', 'Market', MARKETS)}
        <div className={styles.field}>
          <label className={styles.label} htmlFor="claims-q">
            Claim no., policy no. or holder
          </label>
          <input
            id="claims-q"
            className={styles.input}
            value={filters.q}
            maxLength={60}
            onChange={(event) => setFilters({ ...filters, q: event.target.value })}
          />
        </div>
        <button type="submit" className={styles.primary}>
          Search
        </button>
      </form>
      {error && (
        <p role="alert" className={styles.formError}>
          {error}
        </p>
      )}
      <WaitingApprovals />
      {!rows && !error && <Progress text="Loading claims…" />}
      {/* Every claim the filters match (the newest 200): the table sorts and pages them. */}
      {rows && (
        <DataTable
          caption={`${rows.length} claims, newest first`}
          captionClassName={styles.muted}
          rows={rows}
          rowKey={(row) => row.claimId}
          empty="No claims match."
          pageSize={50}
          columns={[
            {
              header: 'Claim',
              cell: (row) => <Link to={`/admin/claims/${row.claimId}`}>{row.claimNumber}</Link>,
              sortValue: (row) => row.claimNumber,
            },
            { header: 'Status', cell: (row) => label(row.status), sortValue: (row) => label(row.status) },
            { header: 'Policy', cell: (row) => row.policyNumber, sortValue: (row) => row.policyNumber },
            {
              header: 'Holder',
              cell: (row) => row.holderName ?? '—',
              sortValue: (row) => row.holderName ?? '',
            },
            {
              header: 'Product',
              cell: (row) => `${PRODUCTS[row.productType] ?? row.productType} (${row.country})`,
              sortValue: (row) => `${PRODUCTS[row.productType] ?? row.productType} (${row.country})`,
            },
            {
              header: 'Amount claimed',
              cell: (row) => money(row.amountCents, row.country),
              numeric: true,
              sortValue: (row) => row.amountCents ?? -1,
            },
            { header: 'Payout', cell: (row) => payoutText(row.payout) },
            {
              header: 'Submitted',
              cell: (row) => when(row.submittedAt),
              sortValue: (row) => row.submittedAt ?? '',
            },
          ]}
        />
      )}
    </section>
  );
}

type TDetail = {
  claim: TClaimRow & {
    incidentDate: string | null;
    incidentPlace: string;
    description: string;
    currency: string;
    amountApproved: number | null;
    officials?: TOfficials | null;
    documents: { documentId: string; name: string; contentType: string; sizeBytes: number }[];
  };
  policy: {
    policyId: string;
    policyNumber: string;
    status: string | null;
    productType: string;
    country: string;
    coverStart: string;
    coverEnd: string;
    holderName: string | null;
  };
  events: { from: string | null; to: string; at: string }[];
  decisions: {
    to: string;
    note: string | null;
    amountApproved: number | null;
    payoutReference: string | null;
    actor: string;
    at: string;
  }[];
  audit: {
    at: string;
    actor: string;
    action: string;
    before: unknown;
    after: unknown;
    note: string | null;
  }[];
  allowedMoves: TClaimStatus[];
  /** An approval waiting for a second officer (decision 149). */
  waitingApproval: TWaitingApproval | null;
};

/** What a reveal or download on the trail was (decision 106); any other row is a status change. */
const isLook = (entry: TDetail['audit'][number]) => entry.action === 'reveal' || entry.action === 'download';

/** An audit entry's change: a look (a reveal, a download), or a status move with its amount and reference. */
function auditChange(entry: TDetail['audit'][number], claim: TDetail['claim']) {
  if (isLook(entry)) return lookText(entry, claim.documents);
  const before = entry.before as { status?: string } | null;
  const after = entry.after as { status?: string; amountApproved?: number; payoutReference?: string } | null;
  return `${label(before?.status ?? '')} → ${label(after?.status ?? '')}${
    after?.amountApproved !== undefined ? ` (${money(after.amountApproved, claim.country)})` : ''
  }${after?.payoutReference ? ` ref. ${after.payoutReference}` : ''}`;
}

function lookText(entry: TDetail['audit'][number], documents: TDetail['claim']['documents']) {
  if (entry.action === 'reveal') return 'Revealed the payout details';
  const after = entry.after as { documentId?: string } | null;
  const document = documents.find((candidate) => candidate.documentId === after?.documentId);
  return `Downloaded ${document?.name ?? 'a document'}`;
}

/** The payout masked (last four), whole once revealed: claims staff only, and every reveal is audited. */
function PayoutFacts({ claimId, payout }: { claimId: string; payout: TPayout }) {
  const mayReveal = useCan('claims.reveal');
  const [whole, setWhole] = useState<TPayout>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const reveal = async () => {
    setBusy(true);
    setError('');
    try {
      const answer = await backOfficeCall<{ payout: TPayout }>(
        'POST',
        `/admin/claims/${encodeURIComponent(claimId)}/payout/reveal`,
      );
      setWhole(answer.payout);
    } catch (caught) {
      setError(problem(caught));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <dt>Payout</dt>
      <dd>
        {payoutText(whole ?? payout)}{' '}
        {mayReveal && payout && !whole && (
          <button type="button" className={styles.secondary} disabled={busy} onClick={reveal}>
            {busy ? 'Revealing…' : 'Reveal payout'}
          </button>
        )}
        {error && (
          <span role="alert" className={styles.formError}>
            {' '}
            {error}
          </span>
        )}
      </dd>
    </>
  );
}

function ClaimDetail() {
  const { claimId = '' } = useParams();
  // Claims staff move a claim and open its documents; read-only accounts follow it (the server's guard).
  const mayMove = useCan('claims.write');
  const mayDownload = useCan('claims.documents');
  const answer = useStaffQuery<TDetail>(`/admin/claims/${encodeURIComponent(claimId)}`);
  const detail = answer.data;
  const error = answer.error ?? '';
  const load = answer.reload;
  const [said, setSaid] = useState('');

  if (error)
    return (
      <p role="alert" className={styles.formError}>
        {error}
      </p>
    );
  if (!detail) return <Progress text="Loading the claim…" />;
  const { claim, policy } = detail;
  const answers = detail.decisions.filter((decision) => decision.actor === CLAIM_ANSWER_ACTOR);
  return (
    <section className={styles.page} aria-labelledby="claim-heading">
      <p>
        <Link to="/admin/claims">← All claims</Link>
      </p>
      <h1 id="claim-heading" className={styles.heading}>
        Claim {claim.claimNumber}
      </h1>
      <p>
        Status: <strong data-testid="claim-status">{label(claim.status)}</strong>
      </p>
      <div className={styles.card}>
        <dl className={styles.facts}>
          <dt>Policy</dt>
          <dd>
            <Link to={`/admin/policies/${policy.policyId}`}>{policy.policyNumber}</Link> (
            {PRODUCTS[policy.productType] ?? policy.productType}, {MARKETS[policy.country]})
          </dd>
          <dt>Holder</dt>
          <dd>{policy.holderName ?? '—'}</dd>
          <dt>Cover</dt>
          <dd>
            {staffCalendarDay(policy.coverStart)} to {staffCalendarDay(policy.coverEnd)}
          </dd>
          <dt>Claim type</dt>
          <dd>{claimTypeLabel(claim.claimType)}</dd>
          <dt>Incident</dt>
          <dd>
            {claim.incidentDate ? staffCalendarDay(claim.incidentDate) : '—'}, {claim.incidentPlace}
          </dd>
          <dt>Who attended</dt>
          <dd>{officialsText(claim.officials)}</dd>
          <dt>What happened</dt>
          <dd>{claim.description}</dd>
          <dt>Amount claimed</dt>
          <dd>{money(claim.amountCents, claim.country)}</dd>
          <dt>Amount approved</dt>
          <dd>{money(claim.amountApproved, claim.country)}</dd>
          <PayoutFacts claimId={claim.claimId} payout={claim.payout} />
        </dl>
      </div>
      <section className={styles.card} aria-labelledby="claim-documents">
        <h2 id="claim-documents" className={styles.subheading}>
          Documents
        </h2>
        {claim.documents.length === 0 ? (
          <p>No documents.</p>
        ) : (
          <ul>
            {claim.documents.map((document) => (
              <li key={document.documentId}>
                {mayDownload ? (
                  <a
                    href={`${BACK_OFFICE_API}/admin/claims/${claim.claimId}/documents/${document.documentId}`}
                    download={document.name}
                  >
                    {document.name}
                  </a>
                ) : (
                  document.name
                )}{' '}
                <span className={styles.muted}>({Math.ceil(document.sizeBytes / 1024)} kB)</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <div role="status" aria-live="polite">
        {said ? <p className={styles.success}>{said}</p> : null}
      </div>
      {detail.waitingApproval ? (
        <WaitingApprovalCard
          claimId={claim.claimId}
          country={claim.country}
          waiting={detail.waitingApproval}
          mayDecide={mayMove}
          onDone={(text) => {
            setSaid(text);
            load();
          }}
        />
      ) : mayMove ? (
        <div className={styles.card}>
          <ClaimMoveForm
            claim={claim}
            allowedMoves={detail.allowedMoves}
            onMoved={(text) => {
              setSaid(text);
              load();
            }}
          />
        </div>
      ) : null}
      {answers.length > 0 ? (
        // The policyholder's answers to "more information needed", sent online with their documents (issue 29).
        <section className={styles.card} aria-labelledby="claim-answers">
          <h2 id="claim-answers" className={styles.subheading}>
            Answers from the policyholder
          </h2>
          <ul>
            {answers.map((answer) => (
              <li key={answer.at}>
                {when(answer.at)}: {answer.note ?? 'Documents sent, no note.'}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <div className={styles.card}>
        <h2 className={styles.subheading}>History</h2>
        <DataTable
          rows={detail.events}
          rowKey={(event) => `${event.at}-${event.to}`}
          columns={[
            { header: 'When', cell: (event) => when(event.at) },
            { header: 'Status', cell: (event) => label(event.to) },
          ]}
        />
      </div>
      <section className={styles.card} aria-labelledby="claim-audit">
        <h2 id="claim-audit" className={styles.subheading}>
          Audit trail
        </h2>
        <DataTable
          rows={detail.audit}
          rowKey={(entry) =>
            `${entry.at}-${entry.action}-${(entry.after as { status?: string } | null)?.status}`
          }
          empty="No staff changes or looks yet."
          columns={[
            { header: 'When', cell: (entry) => when(entry.at) },
            { header: 'Who', cell: (entry) => entry.actor },
            { header: 'Change', cell: (entry) => auditChange(entry, claim) },
            { header: 'Note', cell: (entry) => (isLook(entry) ? '' : (entry.note ?? '')) },
          ]}
        />
      </section>
    </section>
  );
}

// useRoutes, not <Routes>/<Route>: those would be bundled into the shop's landing with react-router.
export default function ClaimsPage() {
  return useRoutes([
    { index: true, element: <ClaimsQueue /> },
    { path: ':claimId', element: <ClaimDetail /> },
  ]);
}
