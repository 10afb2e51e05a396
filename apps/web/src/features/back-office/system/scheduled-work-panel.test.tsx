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

  it('shows the refund a cancellation on a business date gives, then cancels that policy on that date', async () => {
    const quoted = {
      country: 'SGP',
      businessDate: '2028-03-23',
      policyNumber: 'SGTRV0000123',
      status: 'issued',
      currency: 'SGD',
      allowed: true,
      basis: 'short-period',
      refundCents: 12_345,
      reasonKey: 'myPolicy.cancel.reason.shortPeriod',
      refund: null,
    };
    const { calls } = stubServer([
      { match: /admin\/system$/, body: SYSTEM },
      { match: /admin\/scheduled-work$/, body: OVERVIEW },
      { match: /cancellation\/quote$/, body: quoted },
      {
        match: /scheduled-work\/cancellation$/,
        body: {
          ...quoted,
          status: 'cancelled',
          allowed: false,
          basis: 'none',
          refundCents: 0,
          reasonKey: 'myPolicy.cancel.reason.alreadyCancelled',
          refund: { state: 'succeeded', amountCents: 12_345, method: 'CC', reference: 'RF0123' },
        },
      },
    ]);
    const user = userEvent.setup();
    renderAs('operations', <SystemPage />);
    const form = await screen.findByRole('form', { name: 'Cancel a policy on a business date' });
    const show = within(form).getByRole('button', { name: 'Show the refund' });
    // Nothing typed: the policy number is asked for, nothing sent.
    await user.click(show);
    expect(await within(form).findByText('Enter the policy number.')).toBeTruthy();
    expect(calls.some((call) => call.init?.method === 'POST')).toBe(false);

    await user.type(within(form).getByRole('textbox', { name: 'Policy number' }), 'SGTRV0000123');
    const date = within(form).getByRole('textbox', { name: 'Cancellation date' });
    await user.clear(date);
    await user.type(date, '23/03/2028');
    await user.click(show);
    const said = await within(form).findByRole('definition');
    expect(said.textContent).toBe(
      'Short-period refund (the unexpired months less the administration charge): S$123.45. After the free-look period.',
    );
    // A different policy typed since: nothing is offered to cancel until its refund is shown.
    const number = within(form).getByRole('textbox', { name: 'Policy number' });
    await user.type(number, '9');
    expect(within(form).queryByRole('button', { name: /^Cancel the policy/ })).toBeNull();
    await user.type(number, '{Backspace}');
    await user.click(within(form).getByRole('button', { name: 'Cancel the policy as on 23/03/2028' }));
    expect(await within(form).findByText('Cancelled SGTRV0000123 as on 23/03/2028.')).toBeTruthy();
    expect(within(form).getByRole('definition').textContent).toBe(
      'Cancelled. Refund S$123.45 (succeeded), reference RF0123.',
    );
    const posts = calls.filter((call) => call.init?.method === 'POST');
    expect(
      posts.map((call) => [call.url.replace(/^.*scheduled-work/, ''), JSON.parse(String(call.init?.body))]),
    ).toEqual([
      ['/cancellation/quote', { policyNumber: 'SGTRV0000123', businessDate: '2028-03-23' }],
      ['/cancellation', { policyNumber: 'SGTRV0000123', businessDate: '2028-03-23' }],
    ]);
  });

  it('words nested counts by their group', () => {
    expect(countsText({ claimDrafts: { drafts: 2, files: 3 }, clientLogs: { deleted: 0 } })).toBe(
      'claimDrafts drafts 2, claimDrafts files 3, clientLogs deleted 0',
    );
  });
});
