import { type BANNER_PRODUCTS, ZBanner, ZBannerChange } from '@lionrock/domain/back-office/system-requests';
import { useState } from 'react';
import { backOfficeCall } from '../back-office-api';
import styles from '../claims/claims.module.css';
import { DataTable } from '../data-table';
import { EditSetting, type TEditField } from './edit-setting';
import { NewSetting } from './new-setting';
import { PanelStatus, SettingActions, usePanelAction } from './setting-actions';
import { formValues, MARKETS, type TSection } from './system-shared';

/** A banner as the server keeps it. */
export type TBanner = {
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

const BANNER_FIELDS: TEditField[] = [
  { name: 'titleEn', label: 'Title (English)', required: true },
  { name: 'contentEn', label: 'Text (English)' },
  { name: 'titleZh', label: 'Title (Chinese)', required: true, lang: 'zh' },
  { name: 'contentZh', label: 'Text (Chinese)', lang: 'zh' },
  { name: 'url', label: 'Link (optional)', type: 'url' },
  { name: 'startsAt', label: 'Starts (optional)', type: 'datetime-local' },
  { name: 'endsAt', label: 'Ends (optional)', type: 'datetime-local' },
];

/** The products a banner is shown on, by the code the list's captions use. */
const PRODUCTS: Record<(typeof BANNER_PRODUCTS)[number], string> = {
  PTR: 'Travel',
  PAN: 'Personal accident',
  HOM: 'Home',
};

/**
 * The banners (decision 082), a list per market and product: each one's buttons (Up and Down among
 * them) and edit form for system.write, and a new banner's form (issue 31), shown last in its list.
 * A banner states no offer a campaign does not give (decision 130): its link is where the offer is.
 */
export function Banners({ rows: banners, onChanged, mayChange }: TSection<TBanner>) {
  const { busy: running, error, saved, setSaved, run } = usePanelAction(onChanged);
  const busy = running !== '';
  const [editing, setEditing] = useState<number | null>(null);
  const groups = new Map<string, TBanner[]>();
  for (const banner of banners) {
    const key = `${banner.country} ${banner.product}`;
    groups.set(key, [...(groups.get(key) ?? []), banner]);
  }
  const moveBy = (list: TBanner[], index: number, step: number) => {
    const ids = list.map((banner) => banner.id);
    const [id] = ids.splice(index, 1);
    ids.splice(index + step, 0, id!);
    void run(() => backOfficeCall('POST', '/admin/system/banners/reorder', { ids }));
  };
  return (
    <div className={styles.card}>
      <h2 className={styles.subheading}>Banners</h2>
      <PanelStatus busy={busy} error={error} saved={saved} />
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
      {mayChange ? (
        <NewSetting
          heading="New banner"
          path="/admin/system/banners"
          schema={ZBanner}
          choices={[
            { name: 'country', label: 'Market', options: MARKETS },
            { name: 'product', label: 'Product', options: PRODUCTS },
          ]}
          fields={BANNER_FIELDS}
          submitLabel="Add banner"
          disabled={busy}
          onAdded={() => {
            setSaved('The banner is added, last in its list. Every server shows it within seconds.');
            onChanged();
          }}
        />
      ) : null}
    </div>
  );
}
