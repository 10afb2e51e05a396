import { useState } from 'react';
import { backOfficeCall } from '../back-office-api';
import { staffMoment } from '../staff-dates';
import { staffProblemOf } from '../staff-query';
import styles from './operations.module.css';

export function money(cents: number | null | undefined, currency: string): string {
  if (cents === null || cents === undefined) return '';
  return `${currency} ${(cents / 100).toFixed(2)}`;
}

/** An instant as staff read it: DD/MM/YYYY HH:mm on the markets' clock (staff-dates.ts). */
export const when = staffMoment;

export function Progress({ text }: { text: string }) {
  return (
    <p className={styles.status} role="status" aria-live="polite">
      {text}
    </p>
  );
}

export function Problem({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className={styles.formError} role="alert">
      {message}
    </p>
  );
}

/** A list's lines above its table: what the last action did, a refusal, and the loading line. */
export function ListStatus({
  done,
  problem,
  loading,
  loadingText,
}: {
  done: string | null;
  problem: string | null;
  loading: boolean;
  loadingText: string;
}) {
  return (
    <>
      {done && (
        <p className={styles.status} role="status">
          {done}
        </p>
      )}
      <Problem message={problem} />
      {loading && <Progress text={loadingText} />}
    </>
  );
}

/**
 * A list's Retry button, one row at a time: `busy` is the row being retried, `problem` its refusal,
 * `done` what the last retry did. `retry` POSTs to `path`, says `done` and reloads the list.
 */
export function useRetry<K>(reload: () => unknown) {
  const [busy, setBusy] = useState<K | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const retry = async (key: K, path: string, message: string) => {
    setBusy(key);
    setProblem(null);
    setDone(null);
    try {
      await backOfficeCall('POST', path);
      setDone(message);
      reload();
    } catch (caught) {
      setProblem(staffProblemOf(caught));
    } finally {
      setBusy(null);
    }
  };
  return { busy, problem, done, retry };
}

/** The Retry button of a row of a list `useRetry` drives. */
export function RetryButton<K>({ busy, row, onRetry }: { busy: K | null; row: K; onRetry: () => void }) {
  return (
    <button type="button" className={styles.secondary} disabled={busy !== null} onClick={onRetry}>
      {busy === row ? 'Retrying…' : 'Retry'}
    </button>
  );
}
