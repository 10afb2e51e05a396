import { useCallback, useEffect, useState } from 'react';
import { BackOfficeError, backOfficeCall } from '../back-office-api';
import { staffMoment } from '../staff-dates';
import styles from './operations.module.css';

/** A GET of the back-office API, loaded on mount and when `path` changes; `reload` asks again. */
export function useLoad<T>(path: string | null) {
  const [state, setState] = useState<{ data: T | null; error: string | null; loading: boolean }>({
    data: null,
    error: null,
    loading: path !== null,
  });
  const [round, setRound] = useState(0);
  useEffect(() => {
    // `round` changes when the page asks to load again.
    if (path === null || round < 0) return;
    let live = true;
    setState((previous) => ({ ...previous, loading: true, error: null }));
    backOfficeCall<T>('GET', path).then(
      (data) => live && setState({ data, error: null, loading: false }),
      (error: unknown) => live && setState({ data: null, error: messageOf(error), loading: false }),
    );
    return () => {
      live = false;
    };
  }, [path, round]);
  const reload = useCallback(() => setRound((value) => value + 1), []);
  return { ...state, reload };
}

export function messageOf(error: unknown): string {
  if (error instanceof BackOfficeError || error instanceof Error) return error.message;
  return String(error);
}

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
