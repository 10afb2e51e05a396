import { type TRateTableUpload, ZRateTableUpload } from '@lionrock/domain/back-office/underwriting-requests';
import { type ChangeEvent, useId, useState } from 'react';
import { RegisteredDateField } from '../../../components/ui/date-field-registered';
import shell from '../back-office.module.css';
import { backOfficeCall } from '../back-office-api';
import { DataTable } from '../data-table';
import { useCan } from '../signed-in-account';
import { staffCalendarDay } from '../staff-dates';
import { FormField, FormMessages, type TFormIssue, type TStaffForm, useStaffForm } from '../staff-form';
import { useStaffQuery } from '../staff-query';
import { Loading, problem } from './shared';
import styles from './underwriting.module.css';

/**
 * Rate tables and benefit schedules (issue 18, decision 085): the versions of each table, a new
 * version uploaded (a JSON file or pasted) as a draft that prices nothing, its premiums on sample
 * policies beside the version in force, and activation (confirmed) from its effective date.
 */
type TSlot = { product: string; country: string; kind: string };
type TVersion = TSlot & {
  id: number;
  version: string;
  effectiveDate: string;
  status: 'draft' | 'active';
  inForce: boolean;
  uploadedBy: string | null;
};
type TPrice = { premium: number; totalPremium: number } | null;
type TDiff = {
  id: number;
  version: string;
  effectiveDate: string;
  inForceVersion: string | null;
  samples: {
    label: string;
    startDate: string;
    plans: { planName: string; before: TPrice; after: TPrice }[];
  }[];
  /** A benefit schedule's limits, in force and draft, per market, benefit and plan (decision 091). */
  benefitLines?: {
    market: string;
    section: string;
    benefit: string;
    plan: string;
    inForce: string | null;
    draft: string | null;
    changed: boolean;
  }[];
};

/** A benefit schedule's lines side by side, the changed ones marked; by default only those. */
function BenefitLines({ diff }: { diff: TDiff }) {
  const lines = diff.benefitLines ?? [];
  const changed = lines.filter((line) => line.changed);
  const [all, setAll] = useState(changed.length === 0);
  const shown = all ? lines : changed;
  return (
    <>
      <p role="status">
        {changed.length === 0
          ? `No limit changes: the ${lines.length} benefit lines are the same as in force.`
          : `${changed.length} of ${lines.length} benefit lines change.`}
      </p>
      <label className={styles.row}>
        <input type="checkbox" checked={all} onChange={(event) => setAll(event.target.checked)} /> Show every
        line, not only the changed ones
      </label>
      <DataTable
        label="Benefit comparison"
        caption={`Benefit limits per plan, from ${staffCalendarDay(diff.effectiveDate)}: in force against the draft`}
        captionClassName={shell.hint}
        rows={shown}
        rowKey={(line) => `${line.market}|${line.section}|${line.benefit}|${line.plan}`}
        rowClassName={(line) => (line.changed ? styles.changedRow : undefined)}
        columns={[
          { header: 'Market', cell: (line) => line.market },
          { header: 'Section', cell: (line) => line.section },
          { header: 'Benefit', cell: (line) => line.benefit },
          { header: 'Plan', cell: (line) => line.plan },
          {
            header: `In force (${diff.inForceVersion ?? '—'})`,
            cell: (line) => line.inForce ?? '—',
            numeric: true,
          },
          {
            header: `Draft (${diff.version})`,
            cell: (line) => line.draft ?? '—',
            numeric: true,
            className: (line) => (line.changed ? styles.changed : undefined),
          },
          {
            header: 'Change',
            cell: (line) =>
              line.changed
                ? line.inForce === null
                  ? 'Added'
                  : line.draft === null
                    ? 'Removed'
                    : 'Changed'
                : '',
          },
        ]}
      />
    </>
  );
}

const PRODUCTS: Record<string, string> = { PTR: 'Travel', PAN: 'Personal accident', PHM: 'Home' };
const MARKETS: Record<string, string> = { SGP: 'Singapore', HKG: 'Hong Kong', ALL: 'All markets' };
const slotKey = (slot: TSlot) => `${slot.product}/${slot.country}/${slot.kind}`;
const slotName = (slot: TSlot) =>
  `${PRODUCTS[slot.product] ?? slot.product}, ${MARKETS[slot.country] ?? slot.country}: ${
    slot.kind === 'rates' ? 'rate table' : 'benefit schedule'
  }`;
const money = (cents: number | undefined) => (cents === undefined ? '—' : (cents / 100).toFixed(2));

/** In force today, a draft, scheduled (active from a later day) or superseded. */
function statusOf(row: TVersion, all: TVersion[]): string {
  if (row.inForce) return 'In force';
  if (row.status === 'draft') return 'Draft';
  const current = all.find((other) => slotKey(other) === slotKey(row) && other.inForce);
  return current && row.effectiveDate > current.effectiveDate ? 'Scheduled' : 'Superseded';
}

function DiffPanel({ versionId, onActivated }: { versionId: number; onActivated: () => void }) {
  const id = useId();
  const compared = useStaffQuery<TDiff>(`/admin/underwriting/rate-tables/${versionId}/diff`);
  const diff = compared.data;
  const [actionError, setError] = useState('');
  const error = actionError || compared.error || '';
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState('');
  // A read-only account compares; only underwriting activates (the server answers 403 to the others).
  const mayActivate = useCan('underwriting.write');
  const activate = async () => {
    setBusy(true);
    setError('');
    try {
      await backOfficeCall('POST', `/admin/underwriting/rate-tables/${versionId}/activate`, {});
      setDone(
        `Version ${diff?.version} is active: quotes starting on or after ${staffCalendarDay(diff?.effectiveDate)} use it.`,
      );
      setConfirming(false);
      onActivated();
    } catch (failure) {
      setError(problem(failure));
    } finally {
      setBusy(false);
    }
  };
  if (error && !diff)
    return (
      <p className={shell.formError} role="alert">
        {error}
      </p>
    );
  if (!diff) return <Loading label="Comparing with the version in force…" />;
  return (
    <section className={`${shell.card} ${shell.wideCard}`} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        Version {diff.version} against {diff.inForceVersion ?? 'no version'} (from{' '}
        {staffCalendarDay(diff.effectiveDate)})
      </h2>
      {diff.benefitLines ? (
        <BenefitLines diff={diff} />
      ) : diff.samples.length === 0 ? (
        <p>No sample policy could be priced with this table.</p>
      ) : (
        <DataTable
          label="Price comparison"
          caption={`Premium before tax and discounts on sample policies starting ${staffCalendarDay(diff.effectiveDate)}`}
          captionClassName={shell.hint}
          rows={diff.samples.flatMap((sample) =>
            sample.plans.map((plan) => {
              const before = plan.before?.premium;
              const after = plan.after?.premium;
              return {
                key: `${sample.label}-${plan.planName}`,
                sample: sample.label,
                plan: plan.planName,
                before,
                after,
                change: before !== undefined && after !== undefined ? after - before : undefined,
              };
            }),
          )}
          rowKey={(row) => row.key}
          columns={[
            { header: 'Sample policy', cell: (row) => row.sample },
            { header: 'Plan', cell: (row) => row.plan },
            {
              header: `In force (${diff.inForceVersion ?? '—'})`,
              cell: (row) => money(row.before),
              numeric: true,
            },
            {
              header: `New (${diff.version})`,
              cell: (row) => money(row.after),
              numeric: true,
              className: (row) => (row.change ? styles.changed : undefined),
            },
            {
              header: 'Change',
              cell: (row) =>
                row.change === undefined ? '—' : `${row.change > 0 ? '+' : ''}${money(row.change)}`,
              numeric: true,
            },
          ]}
        />
      )}
      {done ? (
        <p className={styles.done} role="status">
          {done}
        </p>
      ) : confirming ? (
        <fieldset className={styles.row}>
          <legend className={shell.visuallyHidden}>Confirm activation</legend>
          <p>
            Activate version {diff.version}? Quotes for cover starting on or after{' '}
            {staffCalendarDay(diff.effectiveDate)} will be priced by it.
          </p>
          <button type="button" className={shell.primary} disabled={busy} onClick={() => void activate()}>
            {busy ? 'Activating…' : 'Yes, activate'}
          </button>
          <button type="button" className={shell.secondary} onClick={() => setConfirming(false)}>
            Cancel
          </button>
        </fieldset>
      ) : mayActivate ? (
        <button type="button" className={shell.primary} onClick={() => setConfirming(true)}>
          Activate…
        </button>
      ) : null}
      {error ? (
        <p className={shell.formError} role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}

/** The upload as the underwriter fills it in: the table chosen as one slot, the table as text. */
type TUploadForm = { slot: string; version: string; effectiveDate: string; data: string };

/** The text parsed, or undefined when it is not JSON (the schema then refuses the table). */
const parsedJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/** The upload the form sends: the slot split into product, market and kind, the table parsed. */
function uploadRequest(values: TUploadForm) {
  const [product, country, kind] = values.slot.split('/');
  return {
    product,
    country,
    kind,
    version: values.version,
    effectiveDate: values.effectiveDate,
    data: parsedJson(values.data),
  };
}

/** The upload's problems in the form's words; the table's says whether it is JSON at all. */
function uploadProblem(issue: TFormIssue, table: string): string | undefined {
  if (issue.path === 'data')
    return parsedJson(table) === undefined
      ? 'The table is not valid JSON.'
      : 'The table must be a JSON object.';
  if (issue.path === 'effectiveDate') return 'Choose the effective date.';
  if (issue.path === 'version' && issue.code === 'too_small') return 'Give the version a label.';
  return undefined;
}

export default function RateTablesPage() {
  const id = useId();
  const listed = useStaffQuery<{ slots: TSlot[]; versions: TVersion[] }>('/admin/underwriting/rate-tables');
  const slots = listed.data?.slots ?? [];
  const versions = listed.data?.versions ?? null;
  const loadError = listed.error ?? '';
  const load = listed.reload;
  const [startError, setStartError] = useState('');
  const [comparing, setComparing] = useState<number | null>(null);
  // Typed here: its messages read the table's text back from it.
  const form: TStaffForm<TUploadForm, TRateTableUpload> = useStaffForm<TUploadForm, TRateTableUpload>({
    defaultValues: { slot: 'PTR/SGP/rates', version: '', effectiveDate: '', data: '' },
    schema: ZRateTableUpload,
    toRequest: uploadRequest,
    messages: (issue) => uploadProblem(issue, form.getValues('data')),
    // The server names the table's parts; the form chooses them as one.
    aliases: { product: 'slot', country: 'slot', kind: 'slot' },
  });
  const saving = form.formState.isSubmitting;
  const slot = form.watch('slot');

  /** The table's text put in the box (from a file or the version in force), checked again once sent. */
  const putTable = (text: string) =>
    form.setValue('data', text, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });

  const readFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (file) putTable(await file.text());
  };

  const startFromInForce = async () => {
    const current = versions?.find((row) => slotKey(row) === slot && row.inForce);
    if (!current) return;
    setStartError('');
    try {
      const answer = await backOfficeCall<{ data: unknown }>(
        'GET',
        `/admin/underwriting/rate-tables/${current.id}`,
      );
      putTable(JSON.stringify(answer.data, null, 2));
    } catch (failure) {
      setStartError(problem(failure));
    }
  };

  const upload = form.submitWith(async (request, values) => {
    setStartError('');
    const stored = await backOfficeCall<TVersion>('POST', '/admin/underwriting/rate-tables', request);
    form.reset({ ...values, version: '', data: '' });
    await load();
    setComparing(stored.id);
  });

  // Uploading and activating are underwriting's: a read-only account sees the versions and compares.
  const mayUpload = useCan('underwriting.write');

  return (
    <div>
      <h1 className={shell.heading}>Rate tables</h1>
      {loadError ? (
        <p className={shell.formError} role="alert">
          {loadError}
        </p>
      ) : null}
      {mayUpload ? (
        <section className={shell.card} aria-labelledby={`${id}-upload`}>
          <h2 id={`${id}-upload`}>Upload a new version</h2>
          <form className={styles.grid} onSubmit={upload} noValidate aria-busy={saving}>
            <FormField form={form} name="slot" label="Table">
              {(control) => (
                // Held by value: the options come with the list, after the form's first value.
                <select {...control} {...form.register('slot')} value={slot}>
                  {slots.map((option) => (
                    <option key={slotKey(option)} value={slotKey(option)}>
                      {slotName(option)}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
            <FormField form={form} name="version" label="Version label">
              {(control) => <input {...control} {...form.register('version')} />}
            </FormField>
            <FormField
              form={form}
              name="effectiveDate"
              label="Effective date"
              hint="Cover starting on or after this day is priced by it."
            >
              {(control) => (
                <RegisteredDateField
                  {...control}
                  label="Effective date"
                  {...form.register('effectiveDate')}
                />
              )}
            </FormField>
            <div className={shell.field}>
              <label className={shell.label} htmlFor={`${id}-file`}>
                JSON file
              </label>
              <p className={shell.hint} id={`${id}-file-hint`}>
                Or paste the table below.
              </p>
              <input
                id={`${id}-file`}
                type="file"
                accept="application/json,.json"
                className={shell.input}
                aria-describedby={`${id}-file-hint`}
                onChange={(event) => void readFile(event)}
              />
            </div>
            <FormField form={form} name="data" label="Table (JSON)" className={styles.wide}>
              {(control) => (
                <textarea
                  {...control}
                  className={`${shell.input} ${styles.code}`}
                  rows={10}
                  {...form.register('data')}
                />
              )}
            </FormField>
            <div className={`${styles.wide} ${styles.row}`}>
              <button type="submit" className={shell.primary} disabled={saving}>
                {saving ? 'Checking and uploading…' : 'Upload as draft'}
              </button>
              <button type="button" className={shell.secondary} onClick={() => void startFromInForce()}>
                Start from the version in force
              </button>
            </div>
            <div className={styles.wide}>
              <FormMessages form={form} />
              {startError ? (
                <p className={shell.formError} role="alert">
                  {startError}
                </p>
              ) : null}
            </div>
          </form>
        </section>
      ) : null}

      {/* Keyed by the version: another one compared starts afresh, nothing said about the last one kept. */}
      {comparing !== null ? (
        <DiffPanel key={comparing} versionId={comparing} onActivated={() => void load()} />
      ) : null}

      <section className={`${shell.card} ${shell.wideCard}`} aria-labelledby={`${id}-versions`}>
        <h2 id={`${id}-versions`}>Versions</h2>
        {versions === null ? (
          <Loading label="Loading the versions…" />
        ) : (
          <DataTable
            label="Versions"
            rows={versions}
            rowKey={(row) => row.id}
            columns={[
              { header: 'Table', cell: (row) => slotName(row), sortValue: (row) => slotName(row) },
              { header: 'Version', cell: (row) => row.version, sortValue: (row) => row.version },
              {
                header: 'Effective',
                cell: (row) => staffCalendarDay(row.effectiveDate),
                sortValue: (row) => row.effectiveDate,
              },
              {
                header: 'Status',
                cell: (row) => statusOf(row, versions),
                sortValue: (row) => statusOf(row, versions),
              },
              {
                header: 'Actions',
                cell: (row) =>
                  row.status === 'draft' ? (
                    <button type="button" className={shell.link} onClick={() => setComparing(row.id)}>
                      {mayUpload ? 'Compare and activate' : 'Compare'}
                    </button>
                  ) : null,
              },
            ]}
          />
        )}
      </section>
    </div>
  );
}
