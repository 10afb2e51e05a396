import type { ZBannerChange, ZNoticeChange } from '@lionrock/domain/back-office/system-requests';
import { backOfficeCall } from '../back-office-api';
import styles from '../claims/claims.module.css';
import { FormField, FormMessages, type TFormIssue, type TStaffForm, useStaffForm } from '../staff-form';

/**
 * The edit form of an existing maintenance notice or banner (decision 091): its English and Chinese
 * texts, its schedule and, for a banner, its place in its list. Checked with the domain's schema of
 * the setting's change (decision 123), saved with the API's partial update (audited there, decision
 * 082); a new place with the reorder call.
 */
export type TEditField = {
  name: string;
  label: string;
  required?: boolean;
  type?: 'text' | 'url' | 'datetime-local';
  lang?: 'zh';
};

/** A setting's form as typed: every field a text (dates as `datetime-local`), by field name. */
export type TSettingValues = Record<string, string>;

/** An ISO instant as a `datetime-local` value in the browser's zone; empty for none. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * The request a setting's fields make: a `datetime-local` as an ISO instant (the browser's zone) or
 * null when empty, a link trimmed or null when empty, a text as typed (the schema trims it).
 */
export function settingRequestOf(
  fields: TEditField[],
  values: TSettingValues,
): Record<string, string | null> {
  const request: Record<string, string | null> = {};
  for (const field of fields) {
    const value = values[field.name] ?? '';
    if (field.type === 'datetime-local') request[field.name] = value ? new Date(value).toISOString() : null;
    else if (field.type === 'url') request[field.name] = value.trim() || null;
    else request[field.name] = value;
  }
  return request;
}

/** Words for a setting field's problem: a required one named, a link asked for as one. */
export const settingMessageOf = (fields: TEditField[]) => (issue: TFormIssue) => {
  const field = fields.find((candidate) => candidate.name === issue.path);
  if (!field) return undefined;
  if (issue.code === 'too_small') return `${field.label} is required.`;
  if (field.type === 'url' && issue.code !== 'too_big') return 'Enter a web address starting with https://.';
  if (field.type === 'datetime-local') return 'Enter a date and time.';
  return undefined;
};

/** A setting's text, link and schedule fields, each with its label and its problem. */
export function SettingFields({
  form,
  fields,
}: {
  form: Pick<TStaffForm<TSettingValues, unknown>, 'idPrefix' | 'formState' | 'register'>;
  fields: TEditField[];
}) {
  return fields.map((field) => (
    <FormField key={field.name} form={form} name={field.name} label={field.label}>
      {(control) => (
        <input
          {...control}
          type={field.type ?? 'text'}
          lang={field.lang}
          required={field.required}
          {...form.register(field.name)}
        />
      )}
    </FormField>
  ));
}

export function EditSetting({
  title,
  path,
  schema,
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
  /** The domain's schema of this kind of setting's change (the route's). */
  schema: typeof ZNoticeChange | typeof ZBannerChange;
  fields: TEditField[];
  /** The record's values as the form shows them (dates already as `datetime-local`). */
  initial: TSettingValues;
  /** A banner's place in its list (1-based) and the ids of that list in order; absent for a notice. */
  position?: { at: number; ids: number[]; id: number };
  onSaved: () => void;
  onCancel: () => void;
}) {
  // The place is the form's too, though no part of the change: it is sent as the list's new order.
  const form = useStaffForm<TSettingValues, Record<string, unknown>>({
    defaultValues: { ...initial, place: String(position?.at ?? 1) },
    schema,
    toRequest: (values) => settingRequestOf(fields, values),
    messages: settingMessageOf(fields),
  });
  const busy = form.formState.isSubmitting;

  const save = form.submitWith(async (request, values) => {
    await backOfficeCall('PUT', path, request);
    const place = Number(values.place);
    if (position && place !== position.at) {
      const ids = position.ids.filter((other) => other !== position.id);
      ids.splice(place - 1, 0, position.id);
      await backOfficeCall('POST', '/admin/system/banners/reorder', { ids });
    }
    onSaved();
  });

  return (
    <form className={styles.form} onSubmit={save} aria-label={`Edit ${title}`} noValidate>
      <SettingFields form={form} fields={fields} />
      {position && position.ids.length > 1 ? (
        <FormField form={form} name="place" label="Place in its list">
          {(control) => (
            <select {...control} {...form.register('place')}>
              {position.ids.map((_, index) => (
                <option key={String(index + 1)} value={index + 1}>
                  {index + 1}
                </option>
              ))}
            </select>
          )}
        </FormField>
      ) : null}
      <FormMessages form={form} />
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
