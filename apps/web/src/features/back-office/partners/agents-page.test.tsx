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
    const account = screen.getByLabelText('Account commission (basis points)');
    await user.clear(account);
    await user.type(account, '1000');
    const campaign = screen.getByLabelText('Campaign commission (basis points)');
    await user.clear(campaign);
    await user.type(campaign, '2000');
    await user.type(screen.getByLabelText('Campaign code'), 'PTR');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      "The campaign's rate cannot exceed the account's.",
    );
    expect(calls.filter((call) => call.init?.method === 'POST')).toEqual([]);
  });
});
