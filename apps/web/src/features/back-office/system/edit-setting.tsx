import { type FormEvent, useId, useState } from 'react';
import { BackOfficeError, backOfficeCall } from '../back-office-api';
import styles from '../claims/claims.module.css';

/**
 * The edit form of an existing maintenance notice or banner (decision 091): its English and Chinese
 * texts, its schedule and, for a banner, its place in its list. Saved with the API's partial update
 * (audited there, decision 082); a new place with the reorder call.
 */
export type TEditField = {
  name: string;
  label: string;
  required?: boolean;
  type?: 'text' | 'url' | 'datetime-local';
  lang?: 'zh';
};

/** An ISO instant as a `datetime-local` value in the browser's zone; empty for none. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export function EditSetting({
  title,
  path,
  fields,
  initial,
  position,
  onSaved,
  onCancel,
}: {
  /** What is edited, for the form's name ("notice for Singapore", "banner "Year-end getaway""). */
  title: string;
  /** `/admin/system/notices/7`. */
  path: string;
  fields: TEditField[];
  /** The record's values as the form shows them (dates already as `datetime-local`). */
  initial: Record<string, string>;
  /** A banner's place in its list (1-based) and the ids of that list in order; absent for a notice. */
  position?: { at: number; ids: number[]; id: number };
  onSaved: () => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [values, setValues] = useState(initial);
  const [place, setPlace] = useState(position?.at ?? 1);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const missing = fields.find((field) => field.required && !values[field.name]?.trim());
    if (missing) {
      setError(`${missing.label} is required.`);
      return;
    }
    const body: Record<string, string | null> = {};
    for (const field of fields) {
      const value = values[field.name] ?? '';
      if (field.type === 'datetime-local') body[field.name] = value ? new Date(value).toISOString() : null;
      else if (field.type === 'url') body[field.name] = value.trim() || null;
      else body[field.name] = value;
    }
    setBusy(true);
    setError('');
    try {
      await backOfficeCall('PUT', path, body);
      if (position && place !== position.at) {
        const ids = position.ids.filter((other) => other !== position.id);
        ids.splice(place - 1, 0, position.id);
        await backOfficeCall('POST', '/admin/system/banners/reorder', { ids });
      }
      onSaved();
    } catch (caught) {
      setError(
        caught instanceof BackOfficeError ? caught.message : 'Something went wrong. Please try again.',
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={save} aria-label={`Edit ${title}`} noValidate>
      {fields.map((field) => (
        <div key={field.name} className={styles.field}>
          <label className={styles.label} htmlFor={`${id}-${field.name}`}>
            {field.label}
          </label>
          <input
            id={`${id}-${field.name}`}
            className={styles.input}
            type={field.type ?? 'text'}
            lang={field.lang}
            required={field.required}
            value={values[field.name] ?? ''}
            onChange={(event) => setValues({ ...values, [field.name]: event.target.value })}
          />
        </div>
      ))}
      {position && position.ids.length > 1 ? (
        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${id}-place`}>
            Place in its list
          </label>
          <select
            id={`${id}-place`}
            className={styles.input}
            value={place}
            onChange={(event) => setPlace(Number(event.target.value))}
          >
            {position.ids.map((_, index) => (
              <option key={String(index + 1)} value={index + 1}>
                {index + 1}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {error && (
        <p role="alert" className={styles.formError}>
          {error}
        </p>
      )}
      <div className={styles.row}>
        <button type="submit" className={styles.primary} disabled={busy} aria-busy={busy}>
          {busy ? 'Saving…' : 'Save changes'}
        </button>
        <button type="button" className={styles.secondary} disabled={busy} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
