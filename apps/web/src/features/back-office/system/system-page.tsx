import {
  type TNotice as TNoticeRequest,
  ZBannerChange,
  ZNotice,
  ZNoticeChange,
} from '@lionrock/domain/back-office/system-requests';
import { useState } from 'react';
import { backOfficeCall } from '../back-office-api';
import styles from '../claims/claims.module.css';
import { DataTable } from '../data-table';
import { useCan } from '../signed-in-account';
import { staffMoment } from '../staff-dates';
import { FormField, FormMessages, problemOf as problem, useStaffForm } from '../staff-form';
import { useStaffQuery } from '../staff-query';
import {
  EditSetting,
  SettingFields,
  settingMessageOf,
  settingRequestOf,
  type TEditField,
  type TSettingValues,
  toLocalInput,
} from './edit-setting';

/**
 * System settings (issue 18, decision 082): flags per market, maintenance notices and banners. A
 * change reaches every server within seconds; turning a market's system off or private mode on asks
 * first. Staff screens are English only.
 */
type TFlags = {
  country: string;
  systemAvailable: boolean;
  privateMode: boolean;
  paynowAvailable: boolean;
  seniorLoadingAvailable: boolean;
};
type TNotice = {
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
type TBanner = {
  id: number;
  country: string;
  product: string;
  titleEn: string;
  titleZh: string;
  contentEn: string;
  contentZh: string;
  url: string | null;
  sortOrder: number;
  active: boolean;
  startsAt: string | null;
  endsAt: string | null;
};
type TSystem = { flags: TFlags[]; notices: TNotice[]; banners: TBanner[] };

const MARKETS: Record<string, string> = { SGP: 'Singapore', HKG: 'Hong Kong' };
const FLAG_LABELS: Record<Exclude<keyof TFlags, 'country'>, string> = {
  systemAvailable: 'System available',
  privateMode: 'Private mode (no quotes)',
  paynowAvailable: 'PayNow available',
  seniorLoadingAvailable: 'Senior loading',
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
const BANNER_FIELDS: TEditField[] = [
  { name: 'titleEn', label: 'Title (English)', required: true },
  { name: 'contentEn', label: 'Text (English)' },
  { name: 'titleZh', label: 'Title (Chinese)', required: true, lang: 'zh' },
  { name: 'contentZh', label: 'Text (Chinese)', lang: 'zh' },
  { name: 'url', label: 'Link (optional)', type: 'url' },
  { name: 'startsAt', label: 'Starts (optional)', type: 'datetime-local' },
  { name: 'endsAt', label: 'Ends (optional)', type: 'datetime-local' },
];
/** A record's values as its edit form shows them. */
function formValues(record: Record<string, unknown>, fields: TEditField[]): Record<string, string> {
  return Object.fromEntries(
    fields.map((field) => {
      const value = record[field.name];
      if (field.type === 'datetime-local')
        return [field.name, toLocalInput((value as string | null) ?? null)];
      return [field.name, typeof value === 'string' ? value : ''];
    }),
  );
}

type TSection<T> = {
  rows: T[];
  onChanged: () => void;
  /** The role has system.write: without it the screen shows the settings and no control to change them. */
  mayChange: boolean;
};

function Flags({ rows: flags, onChanged, mayChange }: TSection<TFlags>) {
  const [busy, setBusy] = useState('');
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const change = async (country: string, flag: keyof typeof FLAG_LABELS, value: boolean) => {
    const risky = (flag === 'systemAvailable' && !value) || (flag === 'privateMode' && value);
    if (
      risky &&
      !window.confirm(
        flag === 'systemAvailable'
          ? `Turn the system off in ${MARKETS[country]}? Customers there cannot buy until it is on again.`
          : `Turn private mode on in ${MARKETS[country]}? Customers there cannot get quotes until it is off again.`,
      )
    )
      return;
    setBusy(`${country}.${flag}`);
    setError('');
    setDone('');
    try {
      await backOfficeCall('PUT', `/admin/system/flags/${country}`, { [flag]: value });
      setDone(
        `${FLAG_LABELS[flag]} is now ${value ? 'on' : 'off'} in ${MARKETS[country]}. Every server has it within seconds.`,
      );
      onChanged();
    } catch (caught) {
      setError(problem(caught));
    } finally {
      setBusy('');
    }
  };
  return (
    <div className={styles.card}>
      <h2 className={styles.subheading}>Flags per market</h2>
      <DataTable
        rows={flags}
        rowKey={(row) => row.country}
        columns={[
          { header: 'Market', cell: (row) => MARKETS[row.country] ?? row.country, rowHeader: true },
          ...(Object.keys(FLAG_LABELS) as (keyof typeof FLAG_LABELS)[]).map((flag) => ({
            header: FLAG_LABELS[flag],
            cell: (row: TFlags) =>
              mayChange ? (
                <label className={styles.toggle}>
                  <input
                    type="checkbox"
                    checked={row[flag]}
                    disabled={busy !== ''}
                    aria-busy={busy === `${row.country}.${flag}`}
                    onChange={(event) => void change(row.country, flag, event.target.checked)}
                  />
                  <span>
                    {FLAG_LABELS[flag]}, {MARKETS[row.country]}
                  </span>
                </label>
              ) : row[flag] ? (
                'On'
              ) : (
                'Off'
              ),
          })),
        ]}
      />
      {busy && (
        <p role="status" className={styles.muted}>
          Saving…
        </p>
      )}
      {error && (
        <p role="alert" className={styles.formError}>
          {error}
        </p>
      )}
      {done && (
        <p role="status" className={styles.success}>
          {done}
        </p>
      )}
    </div>
  );
}

/**
 * A notice's or banner's row buttons: Edit (opens its form below the row), then the row's own buttons
 * (a banner's Up and Down), Show or Hide, and Delete after a confirmation.
 */
function SettingActions({
  path,
  active,
  busy,
  editing,
  editLabel,
  confirmDelete,
  onEdit,
  run,
  children,
}: {
  path: string;
  active: boolean;
  busy: boolean;
  editing: boolean;
  editLabel: string;
  confirmDelete: string;
  onEdit: () => void;
  run: (action: () => Promise<unknown>) => Promise<unknown>;
  children?: React.ReactNode;
}) {
  return (
    <>
      <button
        type="button"
        className={styles.secondary}
        disabled={busy}
        aria-expanded={editing}
        aria-label={editLabel}
        onClick={onEdit}
      >
        Edit
      </button>
      {children}
      <button
        type="button"
        className={styles.secondary}
        disabled={busy}
        onClick={() => void run(() => backOfficeCall('PUT', path, { active: !active }))}
      >
        {active ? 'Hide' : 'Show'}
      </button>
      <button
        type="button"
        className={styles.secondary}
        disabled={busy}
        onClick={() => window.confirm(confirmDelete) && void run(() => backOfficeCall('DELETE', path))}
      >
        Delete
      </button>
    </>
  );
}

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

function Notices({ rows: notices, onChanged, mayChange }: TSection<TNotice>) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [editing, setEditing] = useState<number | null>(null);
  const [saved, setSaved] = useState('');
  const creating = useStaffForm<TSettingValues, TNoticeRequest>({
    defaultValues: NEW_NOTICE,
    schema: ZNotice,
    toRequest: newNoticeOf,
    messages: settingMessageOf(NOTICE_FIELDS),
  });
  const adding = creating.formState.isSubmitting;
  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    setError('');
    setSaved('');
    try {
      await action();
      onChanged();
    } catch (caught) {
      setError(problem(caught));
    } finally {
      setBusy(false);
    }
  };
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

function Banners({ rows: banners, onChanged, mayChange }: TSection<TBanner>) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [editing, setEditing] = useState<number | null>(null);
  const [saved, setSaved] = useState('');
  const groups = new Map<string, TBanner[]>();
  for (const banner of banners) {
    const key = `${banner.country} ${banner.product}`;
    groups.set(key, [...(groups.get(key) ?? []), banner]);
  }
  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    setError('');
    try {
      await action();
      onChanged();
    } catch (caught) {
      setError(problem(caught));
    } finally {
      setBusy(false);
    }
  };
  const moveBy = (list: TBanner[], index: number, step: number) => {
    const ids = list.map((banner) => banner.id);
    const [id] = ids.splice(index, 1);
    ids.splice(index + step, 0, id!);
    void run(() => backOfficeCall('POST', '/admin/system/banners/reorder', { ids }));
  };
  return (
    <div className={styles.card}>
      <h2 className={styles.subheading}>Banners</h2>
      {busy && (
        <p role="status" className={styles.muted}>
          Saving…
        </p>
      )}
      {error && (
        <p role="alert" className={styles.formError}>
          {error}
        </p>
      )}
      {saved && (
        <p role="status" className={styles.muted}>
          {saved}
        </p>
      )}
      {[...groups.entries()].map(([key, list]) => (
        <DataTable
          key={key}
          caption={key}
          rows={list}
          rowKey={(banner) => banner.id}
          columns={[
            { header: 'Order', cell: (_banner, index) => index + 1 },
            {
              header: 'Title (English / Chinese)',
              cell: (banner) => (
                <>
                  {banner.titleEn}
                  <br />
                  <span lang="zh">{banner.titleZh}</span>
                </>
              ),
            },
            { header: 'Link', cell: (banner) => banner.url ?? '—' },
            { header: 'Shown', cell: (banner) => (banner.active ? 'Yes' : 'No') },
            ...(mayChange
              ? [
                  {
                    header: 'Actions',
                    className: styles.row,
                    cell: (banner: TBanner, index: number) => (
                      <SettingActions
                        path={`/admin/system/banners/${banner.id}`}
                        active={banner.active}
                        busy={busy}
                        editing={editing === banner.id}
                        editLabel={`Edit "${banner.titleEn}"`}
                        confirmDelete={`Delete "${banner.titleEn}"?`}
                        onEdit={() => {
                          setSaved('');
                          setEditing(editing === banner.id ? null : banner.id);
                        }}
                        run={run}
                      >
                        <button
                          type="button"
                          className={styles.secondary}
                          disabled={busy || index === 0}
                          aria-label={`Move "${banner.titleEn}" up`}
                          onClick={() => moveBy(list, index, -1)}
                        >
                          Up
                        </button>
                        <button
                          type="button"
                          className={styles.secondary}
                          disabled={busy || index === list.length - 1}
                          aria-label={`Move "${banner.titleEn}" down`}
                          onClick={() => moveBy(list, index, 1)}
                        >
                          Down
                        </button>
                      </SettingActions>
                    ),
                  },
                ]
              : []),
          ]}
          rowDetail={(banner, index) =>
            editing === banner.id ? (
              <EditSetting
                title={`banner "${banner.titleEn}"`}
                path={`/admin/system/banners/${banner.id}`}
                schema={ZBannerChange}
                fields={BANNER_FIELDS}
                initial={formValues(banner, BANNER_FIELDS)}
                position={{ at: index + 1, ids: list.map((other) => other.id), id: banner.id }}
                onSaved={() => {
                  setEditing(null);
                  setSaved('The banner is saved. Every server shows it within seconds.');
                  onChanged();
                }}
                onCancel={() => setEditing(null)}
              />
            ) : null
          }
        />
      ))}
    </div>
  );
}

export default function SystemPage() {
  // Operations changes the settings; marketing and read-only accounts see them (the server's guard).
  const mayChange = useCan('system.write');
  const answer = useStaffQuery<TSystem>('/admin/system');
  const system = answer.data;
  const error = answer.error ?? '';
  const load = answer.reload;
  return (
    <section className={styles.page} aria-labelledby="system-heading">
      <h1 id="system-heading" className={styles.heading}>
        System settings
      </h1>
      {error && (
        <p role="alert" className={styles.formError}>
          {error}
        </p>
      )}
      {!system && !error && (
        <p role="status" className={styles.muted}>
          Loading settings…
        </p>
      )}
      {system && (
        <>
          <Flags rows={system.flags} onChanged={load} mayChange={mayChange} />
          <Notices rows={system.notices} onChanged={load} mayChange={mayChange} />
          <Banners rows={system.banners} onChanged={load} mayChange={mayChange} />
        </>
      )}
    </section>
  );
}
