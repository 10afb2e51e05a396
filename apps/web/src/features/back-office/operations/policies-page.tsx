import { EXPORT_ROWS_MAX, type TExportFormat } from '@lionrock/domain/back-office/exports';
import { type TPolicySearch, ZPolicySearch } from '@lionrock/domain/back-office/operations-requests';
import { Link, useLocation, useNavigate, useRoutes } from 'react-router';
import { RegisteredDateField } from '../../../components/ui/date-field-registered';
import { BACK_OFFICE_API } from '../back-office-api';
import { DataTable } from '../data-table';
import { staffCalendarDay } from '../staff-dates';
import { FormField, FormMessages, type TFormIssue, useRefusalOnField, useStaffForm } from '../staff-form';
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

/**
 * A page of the search, by key (decision 143): `next` and `previous` are the edges of the pages either
 * side (null at an end); `total` is counted up to a bound, beyond which `totalAtLeast` says "or more".
 */
type TSearchAnswer = {
  pageSize: number;
  total: number;
  totalAtLeast: boolean;
  policies: TPolicySummary[];
  next: string | null;
  previous: string | null;
};

/** The page's edge in the URL: after one policy (older ones) or before one (newer ones). */
const EDGES = ['after', 'before'] as const;

const FILTERS = ['q', 'status', 'product', 'agent', 'from', 'to'] as const;
type TFilter = (typeof FILTERS)[number];
/** What the search form holds: each filter as typed, blank for none. */
type TSearchValues = Record<TFilter, string>;

/** The search the form's filters make: a blank filter is not asked for. */
const searchOf = (values: TSearchValues) =>
  Object.fromEntries(FILTERS.map((name) => [name, values[name].trim() || undefined]));

/** The URL's query of a search: its filters, or `list=all` when none is set (a search for all). */
function searchParamsOf(search: TPolicySearch): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of FILTERS) if (search[name]) params.set(name, search[name]);
  if (params.toString() === '') params.set('list', 'all');
  return params;
}

/** Words for the search's problems (a too long one in plain words from the schema's bound). */
const SEARCH_PROBLEMS: Record<string, string> = {
  from: 'Enter a real date.',
  to: 'Enter a real date.',
  'to:custom': 'Created to must be on or after Created from.',
};
const searchProblem = (issue: TFormIssue) =>
  SEARCH_PROBLEMS[`${issue.path}:${issue.code}`] ??
  (issue.code === 'too_big' ? undefined : SEARCH_PROBLEMS[issue.path]);

function PolicySearch() {
  // The location and navigate (not useSearchParams): the shop's own bundle has them already.
  const location = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(location.search);
  const setParams = (next: URLSearchParams) => navigate({ search: `?${next}` });
  const query = new URLSearchParams();
  for (const name of [...FILTERS, ...EDGES, 'list'] as const) {
    const value = params.get(name);
    if (value) query.set(name, value);
  }
  const path = query.toString() !== '' ? `/admin/policies?${query}` : null;
  // An export takes every policy the filters find (not one page): the filters alone (issue 31).
  const filters = new URLSearchParams();
  for (const name of FILTERS) {
    const value = params.get(name);
    if (value) filters.set(name, value);
  }
  const exportOf = (format: TExportFormat) => `${BACK_OFFICE_API}/admin/policies/export/${format}?${filters}`;
  const { data, error, loading, refusedField } = useStaffQuery<TSearchAnswer>(path);
  const form = useStaffForm<TSearchValues, TPolicySearch>({
    defaultValues: Object.fromEntries(FILTERS.map((name) => [name, params.get(name) ?? ''])) as TSearchValues,
    schema: ZPolicySearch,
    toRequest: searchOf,
    messages: searchProblem,
  });
  const { register } = form;
  // The search is checked with the schema the server checks it with, then asked for through the URL.
  const submit = form.submitWith(async (search) => setParams(searchParamsOf(search)));

  // A refusal of the search naming one of its fields is said on that field (decision 123).
  const placed = useRefusalOnField(form, { field: refusedField, message: error });

  /** The page either side: the same search, its edge the first or last policy shown. */
  const toPage = (edge: (typeof EDGES)[number], policyId: string) => {
    const next = new URLSearchParams(params);
    for (const name of EDGES) next.delete(name);
    next.set(edge, policyId);
    setParams(next);
  };
  const field = (name: TFilter, label: string, type = 'text') => (
    <FormField form={form} name={name} label={label}>
      {(control) =>
        type === 'date' ? (
          <RegisteredDateField {...control} label={label} {...register(name)} />
        ) : (
          <input {...control} type={type} {...register(name)} />
        )
      }
    </FormField>
  );

  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>Policies</h1>
      <form
        className={`${styles.panel} ${styles.searchForm}`}
        onSubmit={submit}
        noValidate
        aria-label="Find policies"
      >
        {field('q', 'Policy number, name, e-mail or ID number')}
        <FormField form={form} name="status" label="Status">
          {(control) => (
            <select {...control} {...register('status')}>
              <option value="">Any</option>
              {['quoted', 'pending', 'issued', 'expired', 'cancelled'].map((status) => (
                <option key={status} value={status}>
                  {status}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField form={form} name="product" label="Product">
          {(control) => (
            <select {...control} {...register('product')}>
              <option value="">Any</option>
              <option value="PTR">Travel</option>
              <option value="PAN">Personal accident</option>
              <option value="PHM">Home</option>
            </select>
          )}
        </FormField>
        {field('agent', 'Agent code')}
        {field('from', 'Created from', 'date')}
        {field('to', 'Created to', 'date')}
        <FormMessages form={form} />
        <button type="submit" className={styles.primary}>
          Search
        </button>
      </form>
      {loading && <Progress text="Searching…" />}
      <Problem message={placed ? null : error} />
      {data && (
        <section className={styles.panel} aria-labelledby="policy-results">
          <h2 id="policy-results" className={styles.subheading}>
            {data.total.toLocaleString('en-SG')}
            {data.totalAtLeast ? '+' : ''} {data.total === 1 && !data.totalAtLeast ? 'policy' : 'policies'}
          </h2>
          {data.policies.length > 0 && (
            <p className={styles.muted}>
              Download{' '}
              {data.totalAtLeast ? `the newest ${EXPORT_ROWS_MAX.toLocaleString('en-SG')}` : 'them all'}{' '}
              (audited): <a href={exportOf('csv')}>CSV</a> · <a href={exportOf('xlsx')}>Excel</a>
            </p>
          )}
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
              disabled={!data.previous}
              onClick={() => data.previous && toPage('before', data.previous)}
            >
              Previous page
            </button>
            <button
              type="button"
              className={styles.secondary}
              disabled={!data.next}
              onClick={() => data.next && toPage('after', data.next)}
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
