import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAs } from '../../../test/back-office';
import { stubServer } from '../../../test/render';
import AgentsPage from './agents-page';

afterEach(() => vi.unstubAllGlobals());

const AGENT = {
  agentCode: 'AG1001',
  name: 'Harbourfront Advisers',
  agency: 'Harbourfront',
  email: 'd***@h***.example',
  tel: '****3333',
  registrationNo: 'MAS-1001',
  country: 'SGP',
  isDefault: false,
  active: true,
};

/** The page with no agents yet, its form for a new one open. */
async function openNewAgent() {
  const { calls } = stubServer([{ match: /agents$/, body: { agents: [] } }]);
  const user = userEvent.setup();
  renderAs('marketing', <AgentsPage />);
  await user.click(await screen.findByRole('button', { name: 'New agent' }));
  return { user, calls };
}

/** The page open on AG1001, an agent with nothing under it yet. */
async function openAgent() {
  const { calls } = stubServer([
    { match: /agents\/AG1001$/, body: { agent: AGENT, subAgents: [], campaigns: [], staffCodes: [] } },
    { match: /agents$/, body: { agents: [{ ...AGENT, subAgents: 0, campaigns: 0, staffCodes: 0 }] } },
  ]);
  const user = userEvent.setup();
  renderAs('marketing', <AgentsPage />);
  await user.click(
    within(await screen.findByRole('table', { name: 'Agents' })).getByRole('button', { name: 'AG1001' }),
  );
  return { user, calls };
}

describe('AgentsPage', () => {
  it('lists agents masked, opens one with its sub-agents and campaigns, and checks a new campaign', async () => {
    const { calls } = stubServer([
      {
        match: /agents\/AG1001$/,
        body: {
          agent: AGENT,
          subAgents: [
            {
              agentCode: 'AG1001',
              subAgentCode: 'S01',
              name: 'Lim',
              email: 'l***@h***.example',
              tel: '****2222',
              active: true,
            },
          ],
          campaigns: [],
          staffCodes: [
            {
              agentCode: 'AG1001',
              country: 'SGP',
              productCode: 'PTR',
              staffCode: 'ST1001T',
              updatedAt: '2026-11-25T00:00:00Z',
            },
          ],
        },
      },
      { match: /agents$/, body: { agents: [{ ...AGENT, subAgents: 1, campaigns: 0, staffCodes: 1 }] } },
    ]);
    const user = userEvent.setup();
    renderAs('marketing', <AgentsPage />);
    const table = await screen.findByRole('table', { name: 'Agents' });
    expect(within(table).getByText('d***@h***.example')).toBeTruthy();
    await user.click(within(table).getByRole('button', { name: 'AG1001' }));
    expect(await screen.findByRole('heading', { name: 'AG1001: Harbourfront Advisers' })).toBeTruthy();
    expect(screen.getByText('Lim')).toBeTruthy();
    expect(screen.getByText('SGP PTR: ST1001T')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add agent campaign' }));
    // Rates are typed as percentages (issue 31), compared as the domain's basis points.
    const account = screen.getByLabelText('Account commission (%)');
    await user.clear(account);
    await user.type(account, '10');
    const campaign = screen.getByLabelText('Campaign commission (%)');
    await user.clear(campaign);
    await user.type(campaign, '20');
    await user.type(screen.getByLabelText('Campaign code'), 'PTR');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      "The campaign's rate cannot exceed the account's.",
    );
    expect(calls.filter((call) => call.init?.method === 'POST')).toEqual([]);
  });

  it('flags every problem of a new agent at once, focused on the first, and sends nothing', async () => {
    const { user, calls } = await openNewAgent();
    await user.type(screen.getByLabelText('Agency'), 'x'.repeat(201));
    await user.type(screen.getByLabelText('E-mail'), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'Use 2 to 20 capital letters and digits.',
      'Give a name of at most 200 characters.',
      'Give an agency of at most 200 characters.',
      'Give a registration number of at most 40 characters.',
      'Enter an e-mail address.',
      'Enter a telephone number of 6 to 20 digits.',
    ]);
    expect(document.activeElement).toBe(screen.getByLabelText('Agent code'));
    expect(calls.filter((call) => call.init?.method === 'POST')).toEqual([]);
  });

  it('sends a new agent as the request, its code in capitals', async () => {
    const { user, calls } = await openNewAgent();
    await user.type(screen.getByLabelText('Agent code'), 'ag3001');
    await user.type(screen.getByLabelText('Name'), 'Marina Bay Advisers');
    await user.type(screen.getByLabelText('Agency'), 'Marina Bay');
    await user.type(screen.getByLabelText('Registration number'), 'MAS-3001');
    await user.type(screen.getByLabelText('E-mail'), 'desk@marinabay.example');
    await user.type(screen.getByLabelText('Telephone'), '62223333');
    await user.selectOptions(screen.getByLabelText('Market'), 'HKG');
    await user.click(screen.getByLabelText('Default (direct) agent'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('button', { name: 'New agent' });
    const post = calls.find((call) => call.init?.method === 'POST');
    expect(JSON.parse(String(post?.init?.body))).toEqual({
      agentCode: 'AG3001',
      name: 'Marina Bay Advisers',
      agency: 'Marina Bay',
      registrationNo: 'MAS-3001',
      email: 'desk@marinabay.example',
      tel: '62223333',
      country: 'HKG',
      active: true,
      isDefault: true,
    });
  });

  it("edits an agent keeping its masked contacts, and puts the server's refusal on its field", async () => {
    const { user } = await openAgent();
    await user.click(await screen.findByRole('button', { name: 'Edit agent' }));
    expect((screen.getByLabelText('E-mail') as HTMLInputElement).value).toBe('');

    const refusing = stubServer([
      {
        match: /agents\/AG1001$/,
        status: 400,
        body: { message: "This registration number is another agent's.", field: 'registrationNo' },
      },
    ]);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText("This registration number is another agent's.")).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Registration number'));
    const { agentCode: _code, email: _email, tel: _tel, ...kept } = AGENT;
    const put = refusing.calls.find((call) => call.init?.method === 'PUT');
    expect(JSON.parse(String(put?.init?.body))).toEqual(kept);
  });

  it('refuses a rate with a third decimal or none typed, and a staff code a spreadsheet would run', async () => {
    const { user, calls } = await openAgent();
    await user.click(await screen.findByRole('button', { name: 'Add agent campaign' }));
    await user.clear(screen.getByLabelText('Account commission (%)'));
    await user.type(screen.getByLabelText('Account commission (%)'), '12.345');
    await user.clear(screen.getByLabelText('Campaign commission (%)'));
    await user.type(screen.getByLabelText('Staff code'), '=1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'Use 1 to 20 letters, digits or dashes.',
      'Enter a percentage from 0 to 100, at most 2 decimals.',
      'Enter a percentage from 0 to 100, at most 2 decimals.',
    ]);
    expect(calls.filter((call) => call.init?.method === 'POST')).toEqual([]);
  });
});
