import { type FormEvent, useState } from 'react';
import { BackOfficeError, backOfficeCall } from '../back-office-api';
import styles from '../claims/claims.module.css';
import { DataTable } from '../data-table';
import { useCan } from '../signed-in-account';
import { staffMoment } from '../staff-dates';
import { useStaffQuery } from '../staff-query';
import { EditSetting, type TEditField, toLocalInput } from './edit-setting';

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
const problem = (error: unknown) =>
  error instanceof BackOfficeError ? error.message : 'Something went wrong. Please try again.';
const when = (iso: string | null) => (iso ? staffMoment(iso) : '—');
/** A `datetime-local` value to an ISO instant (the browser's zone), or null when empty. */
const toIso = (local: string) => (local ? new Date(local).toISOString() : null);

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

function TextField({
  id,
  text,
  value,
  onChange,
  required = false,
  type = 'text',
}: {
  id: string;
  text: string;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  type?: string;
}) {
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {text}
      </label>
      <input
        id={id}
        className={styles.input}
        type={type}
        required={required}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
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

function Notices({ rows: notices, onChanged, mayChange }: TSection<TNotice>) {
  const empty = {
    country: 'SGP',
    messageEn: '',
    messageZh: '',
    longMessageEn: '',
    longMessageZh: '',
    startsAt: '',
    endsAt: '',
  };
  const [form, setForm] = useState(empty);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [editing, setEditing] = useState<number | null>(null);
  const [saved, setSaved] = useState('');
  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    setError('');
    setSaved('');
    try {
      await action();
      onChanged();
      return true;
    } catch (caught) {
      setError(problem(caught));
      return false;
    } finally {
      setBusy(false);
    }
  };
  const create = async (event: FormEvent) => {
    event.preventDefault();
    const ok = await run(() =>
      backOfficeCall('POST', '/admin/system/notices', {
        ...form,
        active: true,
        startsAt: toIso(form.startsAt),
        endsAt: toIso(form.endsAt),
      }),
    );
    if (ok) setForm(empty);
  };
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
        <form className={styles.form} onSubmit={create} aria-labelledby="new-notice">
          <h3 id="new-notice" className={styles.subheading}>
            New notice
          </h3>
          <div className={styles.field}>
            <label className={styles.label} htmlFor="notice-country">
              Market
            </label>
            <select
              id="notice-country"
              className={styles.input}
              value={form.country}
              onChange={(event) => setForm({ ...form, country: event.target.value })}
            >
              {Object.entries(MARKETS).map(([code, name]) => (
                <option key={code} value={code}>
                  {name}
                </option>
              ))}
            </select>
          </div>
          <TextField
            id="notice-en"
            text="Message (English)"
            required
            value={form.messageEn}
            onChange={(v) => setForm({ ...form, messageEn: v })}
          />
          <TextField
            id="notice-long-en"
            text="Details (English)"
            value={form.longMessageEn}
            onChange={(v) => setForm({ ...form, longMessageEn: v })}
          />
          <TextField
            id="notice-zh"
            text="Message (Chinese)"
            required
            value={form.messageZh}
            onChange={(v) => setForm({ ...form, messageZh: v })}
          />
          <TextField
            id="notice-long-zh"
            text="Details (Chinese)"
            value={form.longMessageZh}
            onChange={(v) => setForm({ ...form, longMessageZh: v })}
          />
          <TextField
            id="notice-starts"
            text="Starts (optional)"
            type="datetime-local"
            value={form.startsAt}
            onChange={(v) => setForm({ ...form, startsAt: v })}
          />
          <TextField
            id="notice-ends"
            text="Ends (optional)"
            type="datetime-local"
            value={form.endsAt}
            onChange={(v) => setForm({ ...form, endsAt: v })}
          />
          {error && (
            <p role="alert" className={styles.formError}>
              {error}
            </p>
          )}
          <button type="submit" className={styles.primary} disabled={busy} aria-busy={busy}>
            {busy ? 'Saving…' : 'Add notice'}
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
