import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAs } from '../../../test/back-office';
import { stubServer } from '../../../test/render';
import ReferralsPage from './referrals-page';

afterEach(() => vi.unstubAllGlobals());

const REFERRAL_ID = '7d0c2f0e-2b7a-4c55-9a1f-3f1f8f0b6c11';
const DETAIL = {
  referral: {
    referralId: REFERRAL_ID,
    reference: 'REF-7D0C2F',
    createdAt: '2026-11-27T02:00:00.000Z',
    country: 'SGP',
    reason: 'OCCUPATION_DECLINED',
    status: 'open',
    fullName: 'TAN WEI MING',
    idNumber: 'S****567D',
    email: 't***@example.com',
    mobile: '****5678',
    validUntil: null,
    decidedBy: null,
    decisionReason: null,
    acceptedClass: null,
    loadingPercent: null,
    consentAt: '2026-11-27T02:00:00.000Z',
    language: 'en',
  },
  quote: {
    insuredPersonType: 'IND',
    children: 0,
    adults: [{ occupation: '19', label: 'Carpenter using power saws', occupationClass: '04' }],
    effectiveDate: '01/12/2026',
    residency: null,
    largestClaimInThreeYears: null,
    agentCode: null,
  },
  audit: [],
};

function renderReferral() {
  return renderAs(
    'underwriting',
    <MemoryRouter initialEntries={[`/admin/referrals/${REFERRAL_ID}`]}>
      <Routes>
        <Route path="/admin/referrals/*" element={<ReferralsPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe("an underwriter's decision on a declined occupation (decision 089)", () => {
  it("offers the domain's referral classes, each with the plans it withholds", async () => {
    stubServer([{ match: /referrals\/[^/]+$/, body: DETAIL }]);
    renderReferral();
    const select = await screen.findByLabelText('Rate the occupation at class');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Class 2: outdoor or supervisory work',
      'Class 3: manual work without cutting machinery (no plan D)',
    ]);
  });

  it("flags every field at once with the domain's messages and sends nothing", async () => {
    const { calls } = stubServer([{ match: /referrals\/[^/]+$/, body: DETAIL }]);
    const user = userEvent.setup();
    renderReferral();
    await user.type(await screen.findByLabelText('Loading (% of the premium)'), '{Backspace}abc');
    await user.click(screen.getByRole('button', { name: 'Accept and e-mail the customer' }));
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'A loading is a whole percent from 0 to 100.',
      'Give the reason for the decision (3 to 500 characters).',
    ]);
    expect(calls.filter((call) => call.init?.method === 'POST')).toHaveLength(0);
    expect(document.activeElement).toBe(screen.getByLabelText('Loading (% of the premium)'));
  });

  it("sends the class and the reason trimmed, and puts the server's refusal on its field", async () => {
    const { calls } = stubServer([
      {
        match: /decision$/,
        status: 400,
        body: { statusCode: 400, message: 'Say more about the work.', field: 'reason' },
      },
      { match: /referrals\/[^/]+$/, body: DETAIL },
    ]);
    const user = userEvent.setup();
    renderReferral();
    await user.selectOptions(await screen.findByLabelText('Rate the occupation at class'), '03');
    const reason = screen.getByLabelText('Reason for accepting (kept on file)');
    await user.type(reason, '  Site supervisor  ');
    await user.click(screen.getByRole('button', { name: 'Accept and e-mail the customer' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Say more about the work.');
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(reason);
    const sent = calls.find((call) => call.url.endsWith('/decision'))!;
    // A loading of 0 is none: not sent.
    expect(JSON.parse(String(sent.init?.body))).toEqual({
      outcome: 'accepted',
      reason: 'Site supervisor',
      occupationClass: '03',
    });
  });

  it('refuses with a reason only, told to the customer', async () => {
    const { calls } = stubServer([
      { match: /decision$/, body: { status: 'refused' } },
      { match: /referrals\/[^/]+$/, body: DETAIL },
    ]);
    const user = userEvent.setup();
    renderReferral();
    await user.click(await screen.findByRole('radio', { name: 'Refuse' }));
    expect(screen.queryByLabelText('Rate the occupation at class')).toBeNull();
    expect(screen.queryByLabelText('Loading (% of the premium)')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Refuse and e-mail the customer' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'Give the reason for the decision (3 to 500 characters).',
    );
    await user.type(screen.getByLabelText('Reason for refusing (told to the customer)'), 'Demolition work');
    await user.click(screen.getByRole('button', { name: 'Refuse and e-mail the customer' }));
    expect(await screen.findByText('Decided: the customer is e-mailed.')).toBeTruthy();
    const sent = calls.find((call) => call.url.endsWith('/decision'))!;
    expect(JSON.parse(String(sent.init?.body))).toEqual({ outcome: 'refused', reason: 'Demolition work' });
  });
});
