import { type FormEvent, useState } from 'react';
import { Link, useLocation, useNavigate, useRoutes } from 'react-router';
import { DataTable } from '../data-table';
import { staffCalendarDay } from '../staff-dates';
import { useStaffQuery } from '../staff-query';
import styles from './operations.module.css';
import { money, Problem, Progress } from './ops-shared';
import { PolicyPage } from './policy-page';

export type TPolicySummary = {
  policyId: string;
  policyNumber: string | null;
  product: string;
  market: string;
  status: string;
  holderName: string;
  idNumber: string;
  email: string;
  currency: string;
  totalCents: number | null;
  startDate: string | null;
  endDate: string | null;
  issuedAt: string | null;
  createdAt: string;
  agentCode: string | null;
};

type TSearchAnswer = { page: number; pageSize: number; total: number; policies: TPolicySummary[] };

const FILTERS = ['q', 'status', 'product', 'agent', 'from', 'to'] as const;

function PolicySearch() {
  // The location and navigate (not useSearchParams): the shop's own bundle has them already.
  const location = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(location.search);
  const setParams = (next: URLSearchParams) => navigate({ search: `?${next}` });
  const query = new URLSearchParams();
  for (const name of [...FILTERS, 'page'] as const) {
    const value = params.get(name);
    if (value) query.set(name, value);
  }
  const searched = query.toString() !== '';
  const { data, error, loading } = useStaffQuery<TSearchAnswer>(searched ? `/admin/policies?${query}` : null);
  const [draft, setDraft] = useState<Record<string, string>>(() =>
    Object.fromEntries(FILTERS.map((name) => [name, params.get(name) ?? ''])),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams();
    for (const name of FILTERS) if (draft[name]?.trim()) next.set(name, draft[name]!.trim());
    if (next.toString() === '') next.set('page', '1');
    setParams(next);
  };
  const page = data?.page ?? 1;
  const toPage = (to: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(to));
    setParams(next);
  };
  const field = (name: (typeof FILTERS)[number], label: string, type = 'text') => (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={`policy-${name}`}>
        {label}
      </label>
      <input
        id={`policy-${name}`}
        className={styles.input}
        type={type}
        value={draft[name] ?? ''}
        onChange={(event) => setDraft({ ...draft, [name]: event.target.value })}
      />
    </div>
  );

  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>Policies</h1>
      <form className={`${styles.panel} ${styles.searchForm}`} onSubmit={submit} aria-label="Find policies">
        {field('q', 'Policy number, name, e-mail or ID number')}
        <div className={styles.field}>
          <label className={styles.label} htmlFor="policy-status">
            Status
          </label>
          <select
            id="policy-status"
            className={styles.input}
            value={draft.status ?? ''}
            onChange={(event) => setDraft({ ...draft, status: event.target.value })}
          >
            <option value="">Any</option>
            {['quoted', 'pending', 'issued', 'expired', 'cancelled'].map((status) => (
              <option key={status} value={status}>
                {status}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label className={styles.label} htmlFor="policy-product">
            Product
          </label>
          <select
            id="policy-product"
            className={styles.input}
            value={draft.product ?? ''}
            onChange={(event) => setDraft({ ...draft, product: event.target.value })}
          >
            <option value="">Any</option>
            <option value="PTR">Travel</option>
            <option value="PAN">Personal accident</option>
            <option value="PHM">Home</option>
          </select>
        </div>
        {field('agent', 'Agent code')}
        {field('from', 'Created from', 'date')}
        {field('to', 'Created to', 'date')}
        <button type="submit" className={styles.primary}>
          Search
        </button>
      </form>
      {loading && <Progress text="Searching…" />}
      <Problem message={error} />
      {data && (
        <section className={styles.panel} aria-labelledby="policy-results">
          <h2 id="policy-results" className={styles.subheading}>
            {data.total} {data.total === 1 ? 'policy' : 'policies'}
          </h2>
          {/* The server pages the search (Previous page and Next page below): one page, as it comes. */}
          {data.policies.length > 0 && (
            <DataTable
              rows={data.policies}
              rowKey={(row) => row.policyId}
              columns={[
                {
                  header: 'Policy',
                  cell: (row) => (
                    <Link to={`/admin/policies/${row.policyId}`}>
                      {row.policyNumber ?? `(${row.status}) ${row.policyId.slice(0, 8)}`}
                    </Link>
                  ),
                },
                { header: 'Product', cell: (row) => `${row.product} ${row.market}` },
                { header: 'Status', cell: (row) => row.status },
                { header: 'Holder', cell: (row) => row.holderName },
                { header: 'ID number', cell: (row) => row.idNumber },
                { header: 'E-mail', cell: (row) => row.email },
                { header: 'Premium', cell: (row) => money(row.totalCents, row.currency), numeric: true },
                {
                  header: 'Cover',
                  cell: (row) => `${staffCalendarDay(row.startDate)} – ${staffCalendarDay(row.endDate)}`,
                },
                { header: 'Agent', cell: (row) => row.agentCode ?? '' },
              ]}
            />
          )}
          <div className={styles.actions}>
            <button
              type="button"
              className={styles.secondary}
              disabled={page <= 1}
              onClick={() => toPage(page - 1)}
            >
              Previous page
            </button>
            <button
              type="button"
              className={styles.secondary}
              disabled={page * data.pageSize >= data.total}
              onClick={() => toPage(page + 1)}
            >
              Next page
            </button>
          </div>
        </section>
      )}
    </div>
  );
}

/** Operations' policies: the search (`/admin/policies`) and one policy (`/admin/policies/:policyId`). */
export default function PoliciesPage() {
  return useRoutes([
    { index: true, element: <PolicySearch /> },
    { path: ':policyId', element: <PolicyPage /> },
  ]);
}
