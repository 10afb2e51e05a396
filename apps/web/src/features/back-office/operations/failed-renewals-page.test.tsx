import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAs, renderStaff } from '../../../test/back-office';
import { stubServer } from '../../../test/render';
import ClientLogsPage from './client-logs-page';
import FailedJobsPage from './failed-jobs-page';
import FailedRenewalsPage from './failed-renewals-page';

afterEach(() => vi.unstubAllGlobals());

const RENEWAL = {
  id: 7,
  kind: 'renewal_failed',
  policyId: '6b1f3c1e-1111-4111-8111-111111111111',
  policyNumber: 'SGP-PTR-000123',
  product: 'PTR',
  market: 'SGP',
  dueDate: '2028-03-02',
  reason: 'decline 204',
  attempts: 1,
  email: 'r*****@example.com',
  createdAt: '2028-02-16T02:00:00.000Z',
};

describe('operations failure screens (decision 088)', () => {
  it('lists a failed renewal masked and marks it handled only with a note', async () => {
    const { calls } = stubServer([
      { match: /renewals\/failed\/7\/handled/, body: { handled: true } },
      { match: /renewals\/failed$/, body: { renewals: [RENEWAL] } },
    ]);
    const user = userEvent.setup();
    renderAs('operations', <FailedRenewalsPage />);
    const table = await screen.findByRole('table');
    expect(within(table).getByText('SGP-PTR-000123')).toBeTruthy();
    expect(within(table).getByText('r*****@example.com')).toBeTruthy();
    expect(within(table).getByText(/Declined: decline 204/)).toBeTruthy();

    await user.click(within(table).getByRole('button', { name: 'Handled…' }));
    await user.type(screen.getByLabelText('What was done'), '   ');
    await user.click(screen.getByRole('button', { name: 'Mark handled' }));
    expect(screen.getByRole('alert').textContent).toBe('Write what was done.');
    expect(screen.getByLabelText('What was done').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('What was done'));
    expect(screen.getByText('Check the marked fields.')).toBeTruthy();
    expect(calls.filter((call) => call.init?.method === 'POST')).toHaveLength(0);
    await user.clear(screen.getByLabelText('What was done'));

    await user.type(screen.getByLabelText('What was done'), 'Holder pays by PayNow');
    await user.click(screen.getByRole('button', { name: 'Mark handled' }));
    expect(await screen.findByText('Renewal of SGP-PTR-000123 marked handled.')).toBeTruthy();
    const post = calls.find((call) => call.url.endsWith('/renewals/failed/7/handled'))!;
    expect(JSON.parse(String(post.init?.body))).toEqual({ note: 'Holder pays by PayNow' });
  });

  it("says the server's refusal of the note on the note, keeping what was typed", async () => {
    stubServer([
      {
        match: /renewals\/failed\/7\/handled/,
        status: 400,
        body: { message: 'note: Too big: expected string to have <=500 characters', field: 'note' },
      },
      { match: /renewals\/failed$/, body: { renewals: [RENEWAL] } },
    ]);
    const user = userEvent.setup();
    renderAs('operations', <FailedRenewalsPage />);
    await user.click(within(await screen.findByRole('table')).getByRole('button', { name: 'Handled…' }));
    await user.type(screen.getByLabelText('What was done'), 'Called the holder');
    await user.click(screen.getByRole('button', { name: 'Mark handled' }));
    const note = screen.getByLabelText('What was done') as HTMLTextAreaElement;
    await vi.waitFor(() => expect(note.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(note.getAttribute('aria-describedby')!)?.textContent).toBe(
      'note: Too big: expected string to have <=500 characters',
    );
    expect(document.activeElement).toBe(note);
    expect(note.value).toBe('Called the holder');
  });

  it('shows failed jobs and client logs in tables, and retries a job', async () => {
    const { calls } = stubServer([
      { match: /jobs\/failed\/j1\/retry$/, body: { retried: true } },
      {
        match: /jobs\/failed$/,
        body: {
          jobs: [
            {
              id: 'j1',
              name: 'policy-mail',
              createdAt: '2027-03-01T01:00:00.000Z',
              failedAt: '2027-03-01T02:00:00.000Z',
              retryCount: 5,
              error: 'could not send to [email]',
            },
          ],
        },
      },
      {
        match: /client-logs\?page=1$/,
        body: {
          logs: [{ id: 1, at: '2027-03-01T01:00:00.000Z', level: 'error', sessionName: 's-1', data: 'boom' }],
        },
      },
    ]);
    const jobs = renderAs('operations', <FailedJobsPage />);
    const jobTable = await screen.findByRole('table');
    expect(within(jobTable).getByText('policy-mail')).toBeTruthy();
    expect(within(jobTable).getByText('could not send to [email]')).toBeTruthy();
    expect(within(jobTable).getByText('01/03/2027 10:00')).toBeTruthy();
    await userEvent.setup().click(within(jobTable).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('The policy-mail job will run again.')).toBeTruthy();
    expect(
      calls.some((call) => call.url.endsWith('/jobs/failed/j1/retry') && call.init?.method === 'POST'),
    ).toBe(true);
    jobs.unmount();

    renderStaff(<ClientLogsPage />);
    const logTable = await screen.findByRole('table');
    expect(within(logTable).getByRole('columnheader', { name: 'Message' })).toBeTruthy();
    expect(within(logTable).getByText('boom')).toBeTruthy();
    expect(within(logTable).getByText('s-1')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Older' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
