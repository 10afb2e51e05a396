import type { TAccountRole } from '@lionrock/domain/back-office/staff-rules';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAs } from '../../test/back-office';
import { stubServer } from '../../test/render';
import CampaignsPage from './marketing/campaigns-page';
import QueuesPage from './operations/queues-page';
import SystemPage from './system/system-page';
import BlacklistPage from './underwriting/blacklist-page';
import RateTablesPage from './underwriting/rate-tables-page';

afterEach(() => vi.unstubAllGlobals());

const BLACKLIST = {
  entries: [{ key: 'k1', idNumber: 'S****567D', reason: 'Fraud', createdAt: '2026-11-20T02:00:00Z' }],
};
const DRAFT = {
  id: 31,
  product: 'PTR',
  country: 'SGP',
  kind: 'rates',
  version: '2027.1',
  effectiveDate: '2026-12-15',
  status: 'draft',
  inForce: false,
  uploadedBy: 'uw.one',
  loadedAt: '2026-11-25T03:00:00.000Z',
};
const DIFF = {
  id: 31,
  version: '2027.1',
  effectiveDate: '2026-12-15',
  inForceVersion: '2026.1',
  samples: [],
};
const SYSTEM = {
  flags: [
    {
      country: 'SGP',
      systemAvailable: true,
      privateMode: false,
      paynowAvailable: true,
      seniorLoadingAvailable: false,
    },
  ],
  notices: [
    {
      id: 4,
      country: 'SGP',
      messageEn: 'Purchases pause on Sunday night.',
      messageZh: '周日晚暂停购买。',
      longMessageEn: '',
      longMessageZh: '',
      active: true,
      startsAt: null,
      endsAt: null,
    },
  ],
  banners: [
    {
      id: 11,
      country: 'SGP',
      product: 'PTR',
      titleEn: 'Year-end getaway',
      titleZh: '年终',
      contentEn: '',
      contentZh: '',
      url: null,
      sortOrder: 1,
      active: true,
      startsAt: null,
      endsAt: null,
    },
  ],
};

/** Every button and form control on the screen, by its accessible name. */
const controls = () =>
  [
    ...screen.queryAllByRole('button'),
    ...screen.queryAllByRole('checkbox'),
    ...screen.queryAllByRole('textbox'),
  ].map((control) => control.getAttribute('aria-label') ?? control.textContent ?? '');

/**
 * A role sees the write controls its permissions allow and no other (decision 091's `useCan`, over the
 * domain's `can()`, the table the server's guard reads): a read-only account gets the data only.
 */
describe('write controls follow the signed-in role', () => {
  it.each<[TAccountRole, boolean]>([
    ['read_only', false],
    ['underwriting', true],
  ])('blacklist as %s: Add and Remove only with underwriting.write', async (role, writes) => {
    stubServer([{ match: /blacklist$/, body: BLACKLIST }]);
    renderAs(role, <BlacklistPage />);
    expect(within(await screen.findByRole('table')).getByText('Fraud')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remove…' }) !== null).toBe(writes);
    expect(screen.queryByRole('button', { name: 'Add to blacklist' }) !== null).toBe(writes);
  });

  it.each<[TAccountRole, boolean]>([
    ['read_only', false],
    ['underwriting', true],
  ])(
    'rate tables as %s: compares, and uploads or activates only with underwriting.write',
    async (role, writes) => {
      stubServer([
        { match: /rate-tables\/31\/diff$/, body: DIFF },
        { match: /rate-tables$/, body: { slots: [], versions: [DRAFT] } },
      ]);
      const user = userEvent.setup();
      renderAs(role, <RateTablesPage />);
      await user.click(
        await screen.findByRole('button', { name: writes ? 'Compare and activate' : 'Compare' }),
      );
      expect(await screen.findByText('No sample policy could be priced with this table.')).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Activate…' }) !== null).toBe(writes);
      expect(screen.queryByRole('button', { name: 'Upload as draft' }) !== null).toBe(writes);
    },
  );

  it('shows a read-only account the system settings with no control, and operations every one', async () => {
    stubServer([{ match: /admin\/system$/, body: SYSTEM }]);
    const readOnly = renderAs('read_only', <SystemPage />);
    expect(await screen.findByText('Purchases pause on Sunday night.')).toBeTruthy();
    expect(screen.getByText('Year-end getaway')).toBeTruthy();
    expect(controls()).toEqual([]);
    readOnly.unmount();

    renderAs('operations', <SystemPage />);
    expect(await screen.findByText('Purchases pause on Sunday night.')).toBeTruthy();
    expect(screen.getAllByRole('checkbox')).toHaveLength(4);
    for (const name of [/^Add notice$/, /^Hide$/, /^Delete$/, /^Edit/, /" up$/, /" down$/])
      expect(screen.getAllByRole('button', { name }).length, String(name)).toBeGreaterThan(0);
  });

  it('shows read-only the campaigns and queues with no button that changes them', async () => {
    const review = {
      id: 7,
      kind: 'review',
      createdAt: '2026-11-25T02:00:00.000Z',
      detail: null,
      policyId: null,
      policyNumber: null,
      policyStatus: null,
      payment: null,
    };
    stubServer([
      { match: /admin\/campaigns$/, body: { campaigns: [] } },
      { match: /admin\/queues/, body: { cases: [review] } },
    ]);
    const queues = renderAs(
      'read_only',
      <MemoryRouter>
        <QueuesPage />
      </MemoryRouter>,
    );
    expect(within(await screen.findByRole('table')).getByText('7')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
    queues.unmount();
    const operations = renderAs(
      'operations',
      <MemoryRouter>
        <QueuesPage />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('button', { name: 'Accept' })).toBeTruthy();
    operations.unmount();

    const campaigns = renderAs('read_only', <CampaignsPage />);
    expect(await screen.findByRole('table')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New campaign' })).toBeNull();
    campaigns.unmount();
    renderAs('marketing', <CampaignsPage />);
    expect(await screen.findByRole('button', { name: 'New campaign' })).toBeTruthy();
  });
});
