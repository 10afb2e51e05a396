import { staffMoment } from '../staff-dates';
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
