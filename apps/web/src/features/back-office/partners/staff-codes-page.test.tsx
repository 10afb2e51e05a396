import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAs } from '../../../test/back-office';
import { stubServer } from '../../../test/render';
import StaffCodesPage from './staff-codes-page';

afterEach(() => vi.unstubAllGlobals());

const REPORT = [
  { row: 2, status: 'ok', field: null, message: null },
  { row: 3, status: 'error', field: 'agentCode', message: 'No agent has this code.' },
];

describe('StaffCodesPage', () => {
  it('checks a pasted CSV, shows the row report, then saves the good rows', async () => {
    const { calls } = stubServer([
      { match: /staff-codes$/, body: { staffCodes: [] } },
      { match: /import$/, body: { applied: false, ok: 1, errors: 1, report: REPORT } },
    ]);
    const user = userEvent.setup();
    renderAs('marketing', <StaffCodesPage />);
    expect(await screen.findByText('Saved staff codes (0)')).toBeTruthy();
    const save = screen.getByRole('button', { name: /Save the/ }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    await user.type(screen.getByLabelText('Or paste the CSV'), 'agentCode,country,productCode,staffCode');
    await user.click(screen.getByRole('button', { name: 'Check the file' }));
    const table = await screen.findByRole('table', { name: 'Row report' });
    expect(within(table).getByText('No agent has this code.')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toMatch(/nothing saved yet.*1 good row, 1 with errors/);
    expect(JSON.parse(String(calls.at(-1)?.init?.body))).toMatchObject({ apply: false });

    stubServer([
      { match: /staff-codes$/, body: { staffCodes: [] } },
      { match: /import$/, body: { applied: true, ok: 1, errors: 1, report: REPORT } },
    ]);
    await user.click(screen.getByRole('button', { name: 'Save the 1 good rows' }));
    expect((await screen.findByText(/^Saved: /)).textContent).toMatch(
      /1 good row, 1 with errors \(not saved\)/,
    );
  });

  it('shows a refused file in an alert', async () => {
    stubServer([
      { match: /staff-codes$/, body: { staffCodes: [] } },
      {
        match: /import$/,
        status: 400,
        body: { statusCode: 400, message: 'The first row must name the columns', field: 'csv' },
      },
    ]);
    const user = userEvent.setup();
    renderAs('marketing', <StaffCodesPage />);
    await user.type(screen.getByLabelText('Or paste the CSV'), 'x');
    await user.click(screen.getByRole('button', { name: 'Check the file' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/first row must name/);
    // On the CSV it refuses, kept as typed.
    const pasted = screen.getByLabelText('Or paste the CSV') as HTMLTextAreaElement;
    expect(pasted.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(pasted);
    expect(pasted.value).toBe('x');
  });

  it('asks for a CSV before sending anything, and never reads a file over 1 MB', async () => {
    const { calls } = stubServer([{ match: /staff-codes$/, body: { staffCodes: [] } }]);
    const user = userEvent.setup();
    renderAs('marketing', <StaffCodesPage />);
    await screen.findByText('Saved staff codes (0)');
    await user.type(screen.getByLabelText('Or paste the CSV'), '   ');
    await user.click(screen.getByRole('button', { name: 'Check the file' }));
    expect(screen.getByRole('alert').textContent).toBe('Choose a CSV file or paste its text.');
    expect(document.activeElement).toBe(screen.getByLabelText('Or paste the CSV'));
    const large = new File(['x'], 'codes.csv', { type: 'text/csv' });
    Object.defineProperty(large, 'size', { value: 1024 * 1024 + 1 });
    await user.upload(screen.getByLabelText('CSV file'), large);
    expect(screen.getByRole('alert').textContent).toBe('The file is larger than 1 MB.');
    expect(calls.filter((call) => call.init?.method === 'POST')).toEqual([]);
  });
});
