import {
  type TNotice as TNoticeRequest,
  ZNotice,
  ZNoticeChange,
} from '@lionrock/domain/back-office/system-requests';
import { useState } from 'react';
import { backOfficeCall } from '../back-office-api';
import styles from '../claims/claims.module.css';
import { DataTable } from '../data-table';
import { staffMoment } from '../staff-dates';
import { FormField, FormMessages, useStaffForm } from '../staff-form';
import {
  EditSetting,
  SettingFields,
  settingMessageOf,
  settingRequestOf,
  type TEditField,
  type TSettingValues,
} from './edit-setting';
import { SettingActions, usePanelAction } from './setting-actions';
import { formValues, MARKETS, type TSection } from './system-shared';

/** A maintenance notice as the server keeps it. */
export type TNotice = {
  id: number;
  country: string;
  messageEn: string;
  messageZh: string;
  longMessageEn: string;
  longMessageZh: string;
  active: boolean;
  startsAt: string | null;
  endsAt: string | null;
};
const when = (iso: string | null) => (iso ? staffMoment(iso) : '—');
const NOTICE_FIELDS: TEditField[] = [
  { name: 'messageEn', label: 'Message (English)', required: true },
  { name: 'longMessageEn', label: 'Details (English)' },
  { name: 'messageZh', label: 'Message (Chinese)', required: true, lang: 'zh' },
  { name: 'longMessageZh', label: 'Details (Chinese)', lang: 'zh' },
  { name: 'startsAt', label: 'Starts (optional)', type: 'datetime-local' },
  { name: 'endsAt', label: 'Ends (optional)', type: 'datetime-local' },
];

/** A new notice as typed: its market and the notice's fields (dates as `datetime-local`). */
const NEW_NOTICE: TSettingValues = {
  country: 'SGP',
  ...Object.fromEntries(NOTICE_FIELDS.map((field) => [field.name, ''])),
};
/** A new notice's request: shown at once, its schedule as instants. */
const newNoticeOf = (values: TSettingValues) => ({
  country: values.country,
  ...settingRequestOf(NOTICE_FIELDS, values),
  active: true,
});

/**
 * The maintenance notices (decision 082): the list with each one's buttons and edit form, and a new
 * notice's form for system.write.
 */
export function Notices({ rows: notices, onChanged, mayChange }: TSection<TNotice>) {
  const { busy: running, error, setError, saved, setSaved, run } = usePanelAction(onChanged);
  const busy = running !== '';
  const [editing, setEditing] = useState<number | null>(null);
  const creating = useStaffForm<TSettingValues, TNoticeRequest>({
    defaultValues: NEW_NOTICE,
    schema: ZNotice,
    toRequest: newNoticeOf,
    messages: settingMessageOf(NOTICE_FIELDS),
  });
  const adding = creating.formState.isSubmitting;
  const create = creating.submitWith(async (request) => {
    setError('');
    setSaved('');
    await backOfficeCall('POST', '/admin/system/notices', request);
    creating.reset();
    onChanged();
  });
  return (
    <div className={styles.card}>
      <h2 className={styles.subheading}>Maintenance notices</h2>
      <DataTable
        rows={notices}
        rowKey={(notice) => notice.id}
        columns={[
          { header: 'Market', cell: (notice) => MARKETS[notice.country] },
          {
            header: 'Message (English / Chinese)',
            cell: (notice) => (
              <>
                {notice.messageEn}
                <br />
                <span lang="zh">{notice.messageZh}</span>
              </>
            ),
          },
          { header: 'Shown', cell: (notice) => (notice.active ? 'Yes' : 'No') },
          { header: 'Schedule', cell: (notice) => `${when(notice.startsAt)} to ${when(notice.endsAt)}` },
          ...(mayChange
            ? [
                {
                  header: 'Actions',
                  className: styles.row,
                  cell: (notice: TNotice) => (
                    <SettingActions
                      path={`/admin/system/notices/${notice.id}`}
                      active={notice.active}
                      busy={busy || adding}
                      editing={editing === notice.id}
                      editLabel={`Edit the ${MARKETS[notice.country]} notice "${notice.messageEn}"`}
                      confirmDelete="Delete this notice?"
                      onEdit={() => {
                        setSaved('');
                        setEditing(editing === notice.id ? null : notice.id);
                      }}
                      run={run}
                    />
                  ),
                },
              ]
            : []),
        ]}
        rowDetail={(notice) =>
          editing === notice.id ? (
            <EditSetting
              title={`the ${MARKETS[notice.country]} notice`}
              path={`/admin/system/notices/${notice.id}`}
              schema={ZNoticeChange}
              fields={NOTICE_FIELDS}
              initial={formValues(notice, NOTICE_FIELDS)}
              onSaved={() => {
                setEditing(null);
                setSaved(
                  `The ${MARKETS[notice.country]} notice is saved. Every server has it within seconds.`,
                );
                onChanged();
              }}
              onCancel={() => setEditing(null)}
            />
          ) : null
        }
      />
      {saved && (
        <p role="status" className={styles.muted}>
          {saved}
        </p>
      )}
      {mayChange ? (
        <form className={styles.form} onSubmit={create} aria-labelledby="new-notice" noValidate>
          <h3 id="new-notice" className={styles.subheading}>
            New notice
          </h3>
          <FormField form={creating} name="country" label="Market">
            {(control) => (
              <select {...control} {...creating.register('country')}>
                {Object.entries(MARKETS).map(([code, name]) => (
                  <option key={code} value={code}>
                    {name}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <SettingFields form={creating} fields={NOTICE_FIELDS} />
          {error && (
            <p role="alert" className={styles.formError}>
              {error}
            </p>
          )}
          <FormMessages form={creating} />
          <button
            type="submit"
            className={styles.primary}
            disabled={busy || adding}
            aria-busy={busy || adding}
          >
            {busy || adding ? 'Saving…' : 'Add notice'}
          </button>
        </form>
      ) : null}
    </div>
  );
}
