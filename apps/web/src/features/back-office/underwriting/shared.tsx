import shell from '../back-office.module.css';
import { BackOfficeError } from '../back-office-api';

export const problem = (error: unknown) =>
  error instanceof BackOfficeError ? error.message : 'Something went wrong. Please try again.';

export function Loading({ label }: { label: string }) {
  return (
    <p className={shell.loading} role="status">
      {label}
    </p>
  );
}
