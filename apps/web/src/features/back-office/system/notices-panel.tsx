import { ZNotice, ZNoticeChange } from '@lionrock/domain/back-office/system-requests';
import { useState } from 'react';
import styles from '../claims/claims.module.css';
import { DataTable } from '../data-table';
import { staffMoment } from '../staff-dates';
import { EditSetting, type TEditField } from './edit-setting';
import { NewSetting } from './new-setting';
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

/**
 * The maintenance notices (decision 082): the list with each one's buttons and edit form, and a new
 * notice's form for system.write.
 */
export function Notices({ rows: notices, onChanged, mayChange }: TSection<TNotice>) {
  const { busy: running, error, setError, saved, setSaved, run } = usePanelAction(onChanged);
  const busy = running !== '';
  const [editing, setEditing] = useState<number | null>(null);
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
                      busy={busy}
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
      {error && (
        <p role="alert" className={styles.formError}>
          {error}
        </p>
      )}
      {mayChange ? (
        <NewSetting
          heading="New notice"
          path="/admin/system/notices"
          schema={ZNotice}
          choices={[{ name: 'country', label: 'Market', options: MARKETS }]}
          fields={NOTICE_FIELDS}
          submitLabel="Add notice"
          disabled={busy}
          onAdded={() => {
            setError('');
            setSaved('The notice is added. Every server shows it within seconds.');
            onChanged();
          }}
        />
      ) : null}
    </div>
  );
}
