import {
  type TStaffCodeImportRequest,
  ZStaffCodeImportRequest,
} from '@lionrock/domain/back-office/partner-requests';
import {
  STAFF_CODE_COLUMNS,
  STAFF_CODE_IMPORT_MAX_BYTES,
  STAFF_CODE_IMPORT_MAX_ROWS,
  type TImportRowReport,
} from '@lionrock/domain/back-office/partner-rules';
import { type ChangeEvent, useId, useState } from 'react';
import shell from '../back-office.module.css';
import { backOfficeCall } from '../back-office-api';
import styles from '../data-screen.module.css';
import { DataTable } from '../data-table';
import { useCan } from '../signed-in-account';
import { staffMoment } from '../staff-dates';
import { FormField, FormMessages, useStaffForm } from '../staff-form';
import { useStaffQuery } from '../staff-query';

/**
 * Staff codes (issue 18): the saved codes, and the CSV import: check first (a report per row), then
 * save the good rows in one go. The file is read in the browser and sent as text (at most 1 MB),
 * checked with the domain's `ZStaffCodeImportRequest` before it is sent.
 */
type TStaffCode = {
  agentCode: string;
  country: string;
  productCode: string;
  staffCode: string;
  updatedAt: string;
};
type TImportAnswer = { applied: boolean; ok: number; errors: number; report: TImportRowReport[] };

const TOO_LARGE = `The file is larger than ${STAFF_CODE_IMPORT_MAX_BYTES / (1024 * 1024)} MB.`;

function ImportForm({ onApplied }: { onApplied: () => void }) {
  const id = useId();
  const form = useStaffForm<{ csv: string }, TStaffCodeImportRequest>({
    defaultValues: { csv: '' },
    schema: ZStaffCodeImportRequest,
    messages: (issue) => (issue.code === 'too_big' ? TOO_LARGE : 'Choose a CSV file or paste its text.'),
  });
  const [answer, setAnswer] = useState<TImportAnswer | null>(null);
  const [checkedCsv, setCheckedCsv] = useState<string | null>(null);
  const [applying, setApplying] = useState(false);
  const csv = form.watch('csv');
  const busy = form.formState.isSubmitting;

  /** Checks the CSV, or saves its good rows; the answer is the row report. */
  const importWith = (apply: boolean) =>
    form.submitWith(async (request) => {
      setApplying(apply);
      try {
        const result = await backOfficeCall<TImportAnswer>('POST', '/admin/partners/staff-codes/import', {
          ...request,
          apply,
        });
        setAnswer(result);
        setCheckedCsv(request.csv);
        if (result.applied) onApplied();
      } catch (caught) {
        setAnswer(null);
        throw caught;
      }
    });

  const readFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    // A file too large is never read: its problem is the CSV's.
    if (file.size > STAFF_CODE_IMPORT_MAX_BYTES) {
      form.setError('csv', { type: 'too_big', message: TOO_LARGE });
      return;
    }
    form.setValue('csv', await file.text());
    form.clearErrors('csv');
    setAnswer(null);
  };

  return (
    <form className={shell.card} onSubmit={importWith(false)} noValidate aria-busy={busy}>
      <h2 className={shell.heading}>Import staff codes</h2>
      <p className={shell.hint}>
        A CSV with a header row naming {STAFF_CODE_COLUMNS.join(', ')}; at most {STAFF_CODE_IMPORT_MAX_ROWS}{' '}
        rows. A row for an agent, market and product that has a code replaces it.
      </p>
      <div className={shell.field}>
        <label className={shell.label} htmlFor={`${id}-file`}>
          CSV file
        </label>
        <input
          id={`${id}-file`}
          type="file"
          accept=".csv,text/csv"
          onChange={(event) => void readFile(event)}
        />
      </div>
      <FormField form={form} name="csv" label="Or paste the CSV">
        {(control) => (
          <textarea
            {...control}
            className={`${shell.input} ${styles.csv}`}
            {...form.register('csv', { onChange: () => setAnswer(null) })}
          />
        )}
      </FormField>
      <FormMessages form={form} />
      <div className={styles.row}>
        <button className={shell.secondary} type="submit" disabled={busy}>
          {busy && !applying ? 'Checking…' : 'Check the file'}
        </button>
        <button
          className={shell.primary}
          type="button"
          disabled={busy || !answer || answer.applied || answer.ok === 0 || checkedCsv !== csv}
          onClick={importWith(true)}
        >
          {busy && applying ? 'Saving…' : `Save the ${answer?.ok ?? 0} good rows`}
        </button>
      </div>
      {answer ? (
        <div role="status">
          <p className={answer.errors ? styles.bad : styles.done}>
            {answer.applied ? 'Saved: ' : 'Checked (nothing saved yet): '}
            {answer.ok} good {answer.ok === 1 ? 'row' : 'rows'}, {answer.errors} with errors
            {answer.applied && answer.errors ? ' (not saved)' : ''}.
          </p>
        </div>
      ) : null}
      {answer && answer.report.length > 0 ? (
        <DataTable
          caption="Row report"
          rows={answer.report}
          rowKey={(row) => row.row}
          pageSize={50}
          columns={[
            { header: 'Row', cell: (row) => row.row, numeric: true, sortValue: (row) => row.row },
            {
              header: 'Status',
              cell: (row) => (row.status === 'ok' ? 'OK' : 'Error'),
              className: (row) => (row.status === 'ok' ? styles.done : styles.bad),
              sortValue: (row) => (row.status === 'ok' ? 1 : 0),
            },
            { header: 'Field', cell: (row) => row.field ?? '' },
            { header: 'Message', cell: (row) => row.message ?? '' },
          ]}
        />
      ) : null}
    </form>
  );
}

export default function StaffCodesPage() {
  // Only marketing imports (even the check is the import call); other roles see the saved codes.
  const mayImport = useCan('marketing.write');
  const saved = useStaffQuery<{ staffCodes: TStaffCode[] }>('/admin/partners/staff-codes');
  const codes = saved.data?.staffCodes ?? null;
  const error = saved.error ?? '';
  const load = saved.reload;

  return (
    <>
      <h1 className={shell.heading}>Staff codes</h1>
      {mayImport ? <ImportForm onApplied={() => void load()} /> : null}
      {error ? (
        <p className={shell.formError} role="alert">
          {error}
        </p>
      ) : null}
      {codes === null && !error ? (
        <p className={shell.loading} role="status">
          Loading staff codes…
        </p>
      ) : null}
      {codes ? (
        <DataTable
          caption={`Saved staff codes (${codes.length})`}
          rows={codes}
          rowKey={(code) => `${code.agentCode}-${code.country}-${code.productCode}`}
          pageSize={50}
          columns={[
            { header: 'Agent', cell: (code) => code.agentCode, sortValue: (code) => code.agentCode },
            { header: 'Market', cell: (code) => code.country, sortValue: (code) => code.country },
            { header: 'Product', cell: (code) => code.productCode, sortValue: (code) => code.productCode },
            { header: 'Staff code', cell: (code) => code.staffCode, sortValue: (code) => code.staffCode },
            {
              header: 'Updated',
              cell: (code) => staffMoment(code.updatedAt),
              sortValue: (code) => code.updatedAt,
            },
          ]}
        />
      ) : null}
    </>
  );
}
