import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAs } from '../../../test/back-office';
import { stubServer } from '../../../test/render';
import { countsText } from './scheduled-work-panel';
import SystemPage from './system-page';

afterEach(() => vi.unstubAllGlobals());

const SYSTEM = { flags: [], notices: [], banners: [] };
const OVERVIEW = {
  markets: [
    { country: 'SGP', today: '2026-11-29' },
    { country: 'HKG', today: '2026-11-29' },
  ],
  jobs: ['renewalScan', 'reminders', 'pruning'],
};
const RAN = {
  country: 'HKG',
  businessDate: '2027-11-27',
  at: '2027-11-27T02:00:00.000Z',
  results: { renewalScan: { scanned: 1, notices: 0, charged: 1, renewed: 1 } },
};

/** "Run scheduled work" on the System settings page (decision 129): outside prod only. */
describe('Run scheduled work', () => {
  it('is not there where the server has no such call (prod)', async () => {
    const { calls } = stubServer([{ match: /admin\/system$/, body: SYSTEM }]);
    renderAs('operations', <SystemPage />);
    expect(await screen.findByRole('heading', { name: 'System settings' })).toBeTruthy();
    await screen.findByText('Flags per market');
    await vi.waitFor(() =>
      expect(calls.some((call) => call.url.endsWith('/admin/scheduled-work'))).toBe(true),
    );
    expect(screen.queryByRole('heading', { name: 'Run scheduled work' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Run now' })).toBeNull();
  });

  it('is not offered to a role that may not run jobs, which does not even ask', async () => {
    const { calls } = stubServer([
      { match: /admin\/system$/, body: SYSTEM },
      { match: /admin\/scheduled-work$/, body: OVERVIEW },
    ]);
    renderAs('read_only', <SystemPage />);
    await screen.findByText('Flags per market');
    expect(screen.queryByRole('heading', { name: 'Run scheduled work' })).toBeNull();
    expect(calls.some((call) => call.url.includes('scheduled-work'))).toBe(false);
  });

  it('runs the chosen jobs for the market and date, and says what each did', async () => {
    const { calls } = stubServer([
      { match: /admin\/system$/, body: SYSTEM },
      { match: /admin\/scheduled-work$/, body: OVERVIEW },
      { match: /admin\/scheduled-work\/run$/, body: RAN },
    ]);
    const user = userEvent.setup();
    renderAs('operations', <SystemPage />);
    const form = await screen.findByRole('form', { name: 'Run scheduled work' });
    const date = within(form).getByRole('textbox', { name: 'Business date' }) as HTMLInputElement;
    // The market's today, as staff read dates.
    expect(date.value).toBe('29/11/2026');

    // No job ticked: said at once, nothing sent.
    for (const name of [/Renewal scan/, /Reminders/, /Pruning/])
      await user.click(within(form).getByRole('checkbox', { name }));
    await user.click(within(form).getByRole('button', { name: 'Run now' }));
    expect(await within(form).findByText('Choose at least one job.')).toBeTruthy();
    expect(calls.some((call) => call.init?.method === 'POST')).toBe(false);

    await user.click(within(form).getByRole('checkbox', { name: /Renewal scan/ }));
    await user.selectOptions(within(form).getByLabelText('Market'), 'HKG');
    await user.clear(date);
    await user.type(date, '27/11/2027');
    await user.click(within(form).getByRole('button', { name: 'Run now' }));
    expect(await within(form).findByText('Ran for 27/11/2027 in Hong Kong.')).toBeTruthy();
    const post = calls.find((call) => call.init?.method === 'POST');
    expect(JSON.parse(String(post?.init?.body))).toEqual({
      country: 'HKG',
      businessDate: '2027-11-27',
      jobs: ['renewalScan'],
    });
    const did = within(form).getByRole('definition');
    expect(did.textContent).toBe('scanned 1, notices 0, charged 1, renewed 1');
  });

  it('words nested counts by their group', () => {
    expect(countsText({ claimDrafts: { drafts: 2, files: 3 }, clientLogs: { deleted: 0 } })).toBe(
      'claimDrafts drafts 2, claimDrafts files 3, clientLogs deleted 0',
    );
  });
});
