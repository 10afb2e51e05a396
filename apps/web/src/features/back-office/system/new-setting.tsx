import type { ZBanner, ZNotice } from '@lionrock/domain/back-office/system-requests';
import { backOfficeCall } from '../back-office-api';
import styles from '../claims/claims.module.css';
import { FormField, FormMessages, useStaffForm } from '../staff-form';
import {
  SettingFields,
  settingMessageOf,
  settingRequestOf,
  type TEditField,
  type TSettingValues,
} from './edit-setting';

/** A choice a new setting is made for (its market, a banner's product), with its options by code. */
export type TSettingChoice = { name: string; label: string; options: Record<string, string> };

/**
 * The form of a new maintenance notice or banner (decision 082; a banner since issue 31): what it is
 * for (the choices), its English and Chinese texts, link and schedule, checked with the domain's schema
 * of the new setting and created shown at once (audited by the API). The same fields as its edit form.
 */
export function NewSetting({
  heading,
  path,
  schema,
  choices,
  fields,
  submitLabel,
  disabled,
  onAdded,
}: {
  heading: string;
  path: string;
  schema: typeof ZNotice | typeof ZBanner;
  choices: TSettingChoice[];
  fields: TEditField[];
  submitLabel: string;
  disabled: boolean;
  onAdded: () => void;
}) {
  const defaults: TSettingValues = {
    ...Object.fromEntries(choices.map((choice) => [choice.name, Object.keys(choice.options)[0] ?? ''])),
    ...Object.fromEntries(fields.map((field) => [field.name, ''])),
  };
  const form = useStaffForm<TSettingValues>({
    defaultValues: defaults,
    schema,
    toRequest: (values) => ({
      ...Object.fromEntries(choices.map((choice) => [choice.name, values[choice.name]])),
      ...settingRequestOf(fields, values),
      active: true,
    }),
    messages: settingMessageOf(fields),
  });
  const adding = form.formState.isSubmitting;
  const create = form.submitWith(async (request) => {
    await backOfficeCall('POST', path, request);
    form.reset();
    onAdded();
  });
  const id = `${form.idPrefix}-heading`;
  return (
    <form className={styles.form} onSubmit={create} aria-labelledby={id} noValidate>
      <h3 id={id} className={styles.subheading}>
        {heading}
      </h3>
      {choices.map((choice) => (
        <FormField key={choice.name} form={form} name={choice.name} label={choice.label}>
          {(control) => (
            <select {...control} {...form.register(choice.name)}>
              {Object.entries(choice.options).map(([code, name]) => (
                <option key={code} value={code}>
                  {name}
                </option>
              ))}
            </select>
          )}
        </FormField>
      ))}
      <SettingFields form={form} fields={fields} />
      <FormMessages form={form} />
      <button type="submit" className={styles.primary} disabled={disabled || adding} aria-busy={adding}>
        {adding ? 'Saving…' : submitLabel}
      </button>
    </form>
  );
}
