import type { TAccountRole } from '@lionrock/domain/back-office/staff-rules';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAs } from '../../../test/back-office';
import { stubServer } from '../../../test/render';
import ClaimsPage from './claims-page';

afterEach(() => vi.unstubAllGlobals());

const CLAIM_ID = '7c2f3c1e-2222-4222-8222-222222222222';
const DOCUMENT_ID = '8d3f3c1e-3333-4333-8333-333333333333';
const DETAIL = {
  claim: {
    claimId: CLAIM_ID,
    claimNumber: 'CSG26-0000042',
    status: 'received',
    productType: 'PTR',
    country: 'SGP',
    claimType: 'medical',
    amountCents: 45_000,
    currency: 'SGD',
    payout: { method: 'bank', bankName: 'DBS Bank', accountNumber: '••••••6789' },
    submittedAt: '2026-11-27T02:00:00.000Z',
    policyNumber: 'TSG26-0000123',
    holderName: 'TAN WEI MING',
    incidentDate: '2026-11-26',
    incidentPlace: 'Tokyo',
    description: 'Fell ill with a fever.',
    amountApproved: null,
    officials: { noOne: false, officials: { doctor: 'Dr Sato, report 4471', police: '' } },
    documents: [
      { documentId: DOCUMENT_ID, name: 'receipt.pdf', contentType: 'application/pdf', sizeBytes: 2048 },
    ],
  },
  policy: {
    policyId: '6b1f3c1e-1111-4111-8111-111111111111',
    policyNumber: 'TSG26-0000123',
    status: 'issued',
    productType: 'PTR',
    country: 'SGP',
    coverStart: '2026-11-26',
    coverEnd: '2026-12-01',
    holderName: 'TAN WEI MING',
  },
  events: [{ from: null, to: 'received', at: '2026-11-27T02:00:00.000Z' }],
  decisions: [],
  audit: [],
  allowedMoves: ['underReview'],
};

function renderClaimAs(role: TAccountRole) {
  return renderAs(
    role,
    <MemoryRouter initialEntries={[`/admin/claims/${CLAIM_ID}`]}>
      <Routes>
        <Route path="/admin/claims/*" element={<ClaimsPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

/**
 * A claim's page shows each role only what it may use (decision 106): the documents' downloads and the
 * payout's Reveal for claims staff; a read-only account sees the claim, the documents' names and the
 * payout masked, with nothing to download or reveal.
 */
describe('a claim as claims staff read it (issue 31)', () => {
  it('names the claim type and who attended in words, links the policy and gives dates as DD/MM/YYYY', async () => {
    stubServer([{ match: /admin\/claims\/[^/]+$/, body: DETAIL }]);
    renderClaimAs('claims');
    expect(await screen.findByText('Medical expenses')).toBeTruthy();
    expect(screen.getByText('Doctor: Dr Sato, report 4471; Police')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'TSG26-0000123' }).getAttribute('href')).toBe(
      '/admin/policies/6b1f3c1e-1111-4111-8111-111111111111',
    );
    expect(screen.getByText('26/11/2026 to 01/12/2026')).toBeTruthy();
    expect(screen.getByText('26/11/2026, Tokyo')).toBeTruthy();
  });
});

describe("a claim's documents and payout follow the signed-in role", () => {
  it('shows read-only the documents by name with no download, and the payout masked with no Reveal', async () => {
    stubServer([{ match: /admin\/claims\/[^/]+$/, body: DETAIL }]);
    renderClaimAs('read_only');
    const documents = await screen.findByRole('region', { name: 'Documents' });
    expect(within(documents).getByText('receipt.pdf')).toBeTruthy();
    expect(within(documents).queryByRole('link')).toBeNull();
    expect(screen.getByText('DBS Bank ••••••6789')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reveal payout' })).toBeNull();
  });

  it('lets claims staff download a document and reveal the payout, and shows the look on the trail', async () => {
    const { calls } = stubServer([
      {
        match: /payout\/reveal$/,
        body: { payout: { method: 'bank', bankName: 'DBS Bank', accountNumber: '012-345678-9' } },
      },
      { match: /admin\/claims\/[^/]+$/, body: DETAIL },
    ]);
    const user = userEvent.setup();
    renderClaimAs('claims');
    const documents = await screen.findByRole('region', { name: 'Documents' });
    expect(within(documents).getByRole('link', { name: 'receipt.pdf' }).getAttribute('href')).toBe(
      `/back-office/api/admin/claims/${CLAIM_ID}/documents/${DOCUMENT_ID}`,
    );
    await user.click(screen.getByRole('button', { name: 'Reveal payout' }));
    expect(await screen.findByText('DBS Bank 012-345678-9')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reveal payout' })).toBeNull();
    const reveal = calls.find((call) => call.url.endsWith('/payout/reveal'))!;
    expect(reveal.init?.method).toBe('POST');
    expect(reveal.url).toContain(`/admin/claims/${CLAIM_ID}/payout/reveal`);
  });

  it('names reveals and downloads on the audit trail, never a status change', async () => {
    stubServer([
      {
        match: /admin\/claims\/[^/]+$/,
        body: {
          ...DETAIL,
          audit: [
            {
              at: '2026-11-27T03:00:00.000Z',
              actor: 'Claims One (claims.one)',
              action: 'reveal',
              before: null,
              after: { field: 'payout' },
              note: 'payout',
            },
            {
              at: '2026-11-27T02:30:00.000Z',
              actor: 'Claims One (claims.one)',
              action: 'download',
              before: null,
              after: { documentId: DOCUMENT_ID },
              note: 'document',
            },
          ],
        },
      },
    ]);
    renderClaimAs('claims');
    const trail = await screen.findByRole('region', { name: 'Audit trail' });
    const rows = within(trail).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[2]!.textContent)).toEqual([
      'Revealed the payout details',
      'Downloaded receipt.pdf',
    ]);
  });
});

const UNDER_REVIEW = {
  ...DETAIL,
  claim: { ...DETAIL.claim, status: 'underReview' },
  allowedMoves: ['moreInformation', 'approved', 'declined'],
};
const posts = <T extends { init?: RequestInit | undefined }>(calls: T[]) =>
  calls.filter((call) => call.init?.method === 'POST');

/** The move form, checked with the domain's schema the route checks it with (decision 123). */
describe("a claim's move", () => {
  it('asks for each move what it needs, on its field, and sends nothing', async () => {
    const { calls } = stubServer([{ match: /admin\/claims\/[^/]+$/, body: UNDER_REVIEW }]);
    const user = userEvent.setup();
    renderClaimAs('claims');
    const move = await screen.findByLabelText('New status');
    await user.click(screen.getByRole('button', { name: 'Save status' }));
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'Choose the new status.',
    ]);
    expect(document.activeElement).toBe(move);

    await user.selectOptions(move, 'approved');
    const approved = screen.getByLabelText(/Amount approved \(SGD\), at most S\$450\.00/);
    const toTheCent = 'Enter the amount approved in dollars and cents, at most 2 decimals (e.g. 300.50).';
    await user.type(approved, 'abc');
    await user.click(screen.getByRole('button', { name: 'Save status' }));
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([toTheCent]);
    // A third decimal is refused, not rounded to 300.01 (issue 31: amounts checked to the cent).
    await user.clear(approved);
    await user.type(approved, '300.005');
    await user.click(screen.getByRole('button', { name: 'Save status' }));
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([toTheCent]);

    await user.selectOptions(move, 'moreInformation');
    await user.click(screen.getByRole('button', { name: 'Save status' }));
    const note = screen.getByLabelText('What is needed (e-mailed to the customer)');
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'Say what information is needed: the customer is e-mailed this note.',
    ]);
    expect(note.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(note);
    expect(posts(calls)).toHaveLength(0);
  });

  it("sends an approval in cents and puts the server's refusal on the amount", async () => {
    const { calls } = stubServer([
      {
        match: /status$/,
        status: 400,
        body: {
          statusCode: 400,
          message: 'The amount approved cannot exceed the amount claimed.',
          field: 'amountApproved',
        },
      },
      { match: /admin\/claims\/[^/]+$/, body: UNDER_REVIEW },
    ]);
    const user = userEvent.setup();
    renderClaimAs('claims');
    await user.selectOptions(await screen.findByLabelText('New status'), 'approved');
    const amount = screen.getByLabelText(/Amount approved/);
    await user.type(amount, '500.10');
    await user.type(screen.getByLabelText('Note (optional)'), '  Receipts checked  ');
    await user.click(screen.getByRole('button', { name: 'Save status' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The amount approved cannot exceed the amount claimed.',
    );
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(amount);
    const [sent] = posts(calls);
    expect(sent!.url).toContain(`/admin/claims/${CLAIM_ID}/status`);
    expect(JSON.parse(String(sent!.init?.body))).toEqual({
      status: 'approved',
      note: 'Receipts checked',
      amountApproved: 50_010,
    });
  });

  it('says the move is done and starts afresh', async () => {
    const { calls } = stubServer([
      { match: /status$/, body: { claimId: CLAIM_ID, claimNumber: 'CSG26-0000042', status: 'underReview' } },
      { match: /admin\/claims\/[^/]+$/, body: DETAIL },
    ]);
    const user = userEvent.setup();
    renderClaimAs('claims');
    const move = await screen.findByLabelText('New status');
    await user.selectOptions(move, 'underReview');
    await user.click(screen.getByRole('button', { name: 'Save status' }));
    expect(await screen.findByText('Moved to under review.')).toBeTruthy();
    expect((move as HTMLSelectElement).value).toBe('');
    expect(JSON.parse(String(posts(calls)[0]!.init?.body))).toEqual({ status: 'underReview' });
  });
});

/** Two people for money (decision 149): an approval above the market's amount waits for a second officer. */
describe('a claim approval waiting for a second officer', () => {
  const WAITING = {
    ...UNDER_REVIEW,
    allowedMoves: ['moreInformation', 'approved', 'declined'],
    waitingApproval: {
      amountApproved: 600_000,
      note: 'Hospital bill checked.',
      requestedBy: 'Ann Lee (ann.lee)',
      requestedAt: '2026-11-28T02:00:00.000Z',
      mine: false,
    },
  };

  it('lets a second officer confirm it, and shows no status form meanwhile', async () => {
    const { calls } = stubServer([
      {
        match: /approval\/confirm$/,
        body: { claimId: CLAIM_ID, claimNumber: 'CSG26-0000042', status: 'approved' },
      },
      { match: /admin\/claims\/[^/]+$/, body: WAITING },
    ]);
    const user = userEvent.setup();
    renderClaimAs('claims');
    const card = await screen.findByRole('region', { name: 'Waiting for a second approval' });
    expect(card.textContent).toContain('Approve S$6,000.00: asked by Ann Lee (ann.lee) on 28/11/2026');
    expect(card.textContent).toContain('Above S$5,000.00 a second claims officer confirms.');
    expect(screen.queryByLabelText('New status')).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Withdraw' })).toBeNull();
    await user.click(within(card).getByRole('button', { name: 'Confirm approval of S$6,000.00' }));
    expect(await screen.findByText('Approved S$6,000.00.')).toBeTruthy();
    expect(posts(calls).map((call) => call.url.replace(/^.*\/admin\/claims\/[^/]+/, ''))).toEqual([
      '/approval/confirm',
    ]);
  });

  it('offers its maker only Withdraw, and a read-only account nothing', async () => {
    stubServer([
      {
        match: /admin\/claims\/[^/]+$/,
        body: { ...WAITING, waitingApproval: { ...WAITING.waitingApproval, mine: true } },
      },
    ]);
    const maker = renderClaimAs('claims');
    const card = await screen.findByRole('region', { name: 'Waiting for a second approval' });
    expect(within(card).getByRole('button', { name: 'Withdraw' })).toBeTruthy();
    expect(within(card).queryByRole('button', { name: /Confirm approval/ })).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Reject' })).toBeNull();
    maker.unmount();
    stubServer([{ match: /admin\/claims\/[^/]+$/, body: WAITING }]);
    renderClaimAs('read_only');
    const read = await screen.findByRole('region', { name: 'Waiting for a second approval' });
    expect(within(read).queryAllByRole('button')).toEqual([]);
  });

  it('says a move sent for a second approval', async () => {
    stubServer([
      {
        match: /status$/,
        body: { claimId: CLAIM_ID, claimNumber: 'CSG26-0000042', status: 'underReview', waiting: true },
      },
      { match: /admin\/claims\/[^/]+$/, body: UNDER_REVIEW },
    ]);
    const user = userEvent.setup();
    renderClaimAs('claims');
    await user.selectOptions(await screen.findByLabelText('New status'), 'approved');
    await user.type(screen.getByLabelText(/Amount approved/), '6000');
    await user.click(screen.getByRole('button', { name: 'Save status' }));
    expect(
      await screen.findByText(
        'Sent for a second approval: above S$5,000.00 another claims officer confirms it.',
      ),
    ).toBeTruthy();
  });
});

describe('the claims queue', () => {
  it('lists the approvals waiting for a second officer, oldest first, above the claims', async () => {
    stubServer([
      {
        match: /admin\/claims\/approvals$/,
        body: {
          approvals: [
            {
              claimId: CLAIM_ID,
              claimNumber: 'CSG26-0000042',
              country: 'SGP',
              currency: 'SGD',
              amountClaimed: 800_000,
              amountApproved: 600_000,
              requestedBy: 'Ann Lee (ann.lee)',
              requestedAt: '2026-11-28T02:00:00.000Z',
            },
          ],
        },
      },
      { match: /admin\/claims\?/, body: { claims: [] } },
    ]);
    renderAs(
      'claims',
      <MemoryRouter initialEntries={['/admin/claims']}>
        <Routes>
          <Route path="/admin/claims/*" element={<ClaimsPage />} />
        </Routes>
      </MemoryRouter>,
    );
    const waiting = await screen.findByRole('region', { name: 'To approve' });
    const cells = within(waiting)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual([
      'CSG26-0000042',
      'S$6,000.00',
      'S$8,000.00',
      'Ann Lee (ann.lee)',
      '28/11/2026 10:00',
    ]);
    expect(within(waiting).getByRole('link', { name: 'CSG26-0000042' }).getAttribute('href')).toBe(
      `/admin/claims/${CLAIM_ID}`,
    );
  });
});
