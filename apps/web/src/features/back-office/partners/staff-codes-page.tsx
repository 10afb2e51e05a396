import {
  STAFF_CODE_COLUMNS,
  STAFF_CODE_IMPORT_MAX_BYTES,
  type TImportRowReport,
} from '@lionrock/domain/back-office/partner-rules';
import { type ChangeEvent, type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import shell from '../back-office.module.css';
import { backOfficeCall } from '../back-office-api';
import styles from '../data-screen.module.css';
import { useCan } from '../signed-in-account';
import { problemOf } from './partner-form';

/**
 * Staff codes (issue 18): the saved codes, and the CSV import: check first (a report per row), then
 * save the good rows in one go. The file is read in the browser and sent as text (at most 1 MB).
 */
type TStaffCode = {
  agentCode: string;
  country: string;
  productCode: string;
  staffCode: string;
  updatedAt: string;
};
type TImportAnswer = { applied: boolean; ok: number; errors: number; report: TImportRowReport[] };

function ImportForm({ onApplied }: { onApplied: () => void }) {
  const id = useId();
  const [csv, setCsv] = useState('');
  const [answer, setAnswer] = useState<TImportAnswer | null>(null);
  const [checkedCsv, setCheckedCsv] = useState<string | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState<'check' | 'apply' | null>(null);

  const send = async (apply: boolean) => {
    setError('');
    if (csv.trim() === '') {
      setError('Choose a CSV file or paste its text.');
      return;
    }
    setBusy(apply ? 'apply' : 'check');
    try {
      const result = await backOfficeCall<TImportAnswer>('POST', '/admin/partners/staff-codes/import', {
        csv,
        apply,
      });
      setAnswer(result);
      setCheckedCsv(csv);
      if (result.applied) onApplied();
    } catch (caught) {
      setAnswer(null);
      setError(problemOf(caught));
    } finally {
      setBusy(null);
    }
  };

  const readFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    if (file.size > STAFF_CODE_IMPORT_MAX_BYTES) {
      setError('The file is larger than 1 MB.');
      return;
    }
    setCsv(await file.text());
    setAnswer(null);
  };

  return (
    <form
      className={shell.card}
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        void send(false);
      }}
      aria-busy={busy !== null}
    >
      <h2 className={shell.heading}>Import staff codes</h2>
      <p className={shell.hint}>
        A CSV with a header row naming {STAFF_CODE_COLUMNS.join(', ')}; at most 5000 rows. A row for an agent,
        market and product that has a code replaces it.
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
      <div className={shell.field}>
        <label className={shell.label} htmlFor={`${id}-csv`}>
          Or paste the CSV
        </label>
        <textarea
          id={`${id}-csv`}
          className={`${shell.input} ${styles.csv}`}
          value={csv}
          onChange={(event) => {
            setCsv(event.target.value);
            setAnswer(null);
          }}
        />
      </div>
      {error ? (
        <p className={shell.formError} role="alert">
          {error}
        </p>
      ) : null}
      <div className={styles.row}>
        <button className={shell.secondary} type="submit" disabled={busy !== null}>
          {busy === 'check' ? 'Checking…' : 'Check the file'}
        </button>
        <button
          className={shell.primary}
          type="button"
          disabled={busy !== null || !answer || answer.applied || answer.ok === 0 || checkedCsv !== csv}
          onClick={() => void send(true)}
        >
          {busy === 'apply' ? 'Saving…' : `Save the ${answer?.ok ?? 0} good rows`}
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
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption>Row report</caption>
            <thead>
              <tr>
                <th scope="col">Row</th>
                <th scope="col">Status</th>
                <th scope="col">Field</th>
                <th scope="col">Message</th>
              </tr>
            </thead>
            <tbody>
              {answer.report.map((row) => (
                <tr key={row.row}>
                  <td>{row.row}</td>
                  <td className={row.status === 'ok' ? styles.done : styles.bad}>
                    {row.status === 'ok' ? 'OK' : 'Error'}
                  </td>
                  <td>{row.field ?? ''}</td>
                  <td>{row.message ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </form>
  );
}

export default function StaffCodesPage() {
  // Only marketing imports (even the check is the import call); other roles see the saved codes.
  const mayImport = useCan('marketing.write');
  const [codes, setCodes] = useState<TStaffCode[] | null>(null);
  const [error, setError] = useState('');
  const load = useCallback(async () => {
    setError('');
    try {
      setCodes(
        (await backOfficeCall<{ staffCodes: TStaffCode[] }>('GET', '/admin/partners/staff-codes')).staffCodes,
      );
    } catch (caught) {
      setError(problemOf(caught));
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

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
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption>Saved staff codes ({codes.length})</caption>
            <thead>
              <tr>
                <th scope="col">Agent</th>
                <th scope="col">Market</th>
                <th scope="col">Product</th>
                <th scope="col">Staff code</th>
                <th scope="col">Updated</th>
              </tr>
            </thead>
            <tbody>
              {codes.map((code) => (
                <tr key={`${code.agentCode}-${code.country}-${code.productCode}`}>
                  <td>{code.agentCode}</td>
                  <td>{code.country}</td>
                  <td>{code.productCode}</td>
                  <td>{code.staffCode}</td>
                  <td>{new Date(code.updatedAt).toLocaleString('en-GB')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </>
  );
}
