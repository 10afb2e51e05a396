import { type TPolicySearch, ZPolicySearch } from '@lionrock/domain/back-office/operations-requests';
import { Link, useLocation, useNavigate, useRoutes } from 'react-router';
import { RegisteredDateField } from '../../../components/ui/date-field-registered';
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

type TSearchAnswer = { page: number; pageSize: number; total: number; policies: TPolicySummary[] };

const FILTERS = ['q', 'status', 'product', 'agent', 'from', 'to'] as const;
type TFilter = (typeof FILTERS)[number];
/** What the search form holds: each filter as typed, blank for none. */
type TSearchValues = Record<TFilter, string>;

/** The search the form's filters make: a blank filter is not asked for. */
const searchOf = (values: TSearchValues) =>
  Object.fromEntries(FILTERS.map((name) => [name, values[name].trim() || undefined]));

/** The URL's query of a search: its filters, or the first page when none is set (a search for all). */
function searchParamsOf(search: TPolicySearch): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of FILTERS) if (search[name]) params.set(name, search[name]);
  if (params.toString() === '') params.set('page', '1');
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
  for (const name of [...FILTERS, 'page'] as const) {
    const value = params.get(name);
    if (value) query.set(name, value);
  }
  const path = query.toString() !== '' ? `/admin/policies?${query}` : null;
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

  const page = data?.page ?? 1;
  const toPage = (to: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(to));
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
