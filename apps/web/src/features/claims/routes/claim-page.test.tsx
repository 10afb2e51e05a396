import { CLAIM_MESSAGE_KEYS } from '@lionrock/domain/claims/claim-rules';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showLanguage } from '../../../lib/i18n';
import { HEALTHY_SYSTEM, renderAt, stubServer } from '../../../test/render';
import { ClaimPage } from './claim-page';

const POLICY = 'b633b901-0000-4000-8000-000000000001';
const SIGNED_IN = {
  country: 'SGP',
  policies: [
    {
      policyId: POLICY,
      policyNumber: 'TSG26-0000001',
      productType: 'PTR',
      status: 'issued',
      startDate: '2026-11-20',
      endDate: '2026-11-30',
    },
  ],
};
const FIRST = 'c0000000-0000-4000-8000-000000000001';
const OPEN = [
  { claimId: FIRST, claimType: 'medical', updatedAt: '2026-11-24T03:00:00.000Z', documents: 2 },
  // Saved at 17:00 UTC: already the next day in Singapore.
  {
    claimId: 'c0000000-0000-4000-8000-000000000002',
    claimType: '',
    updatedAt: '2026-11-22T17:00:00.000Z',
    documents: 1,
  },
  {
    claimId: 'c0000000-0000-4000-8000-000000000003',
    claimType: 'baggage',
    updatedAt: '2026-11-21T03:00:00.000Z',
    documents: 0,
  },
];
const FIRST_DRAFT = {
  claimId: FIRST,
  claimNumber: null,
  status: 'draft',
  policyId: POLICY,
  policyNumber: 'TSG26-0000001',
  productType: 'PTR',
  country: 'SGP',
  coverStart: '2026-11-20',
  coverEnd: '2026-11-30',
  claimType: 'medical',
  incidentDate: null,
  incidentPlace: '',
  description: '',
  officials: { noOne: false, officials: {} },
  amountCents: null,
  currency: 'SGD',
  documents: [
    { documentId: 'd1', name: 'hospital-bill.pdf', contentType: 'application/pdf', sizeBytes: 100 },
  ],
};
const TOO_MANY = {
  statusCode: 409,
  error: 'Conflict',
  message: 'This policy has 3 unfinished claims: please go on with one of them.',
  field: 'policyId',
  messageKey: CLAIM_MESSAGE_KEYS.tooManyDrafts,
};

afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => showLanguage('en'));
});

/** The claims page of a signed-in policyholder whose policy has three claims left open (decision 105). */
function serve() {
  return stubServer([
    ...HEALTHY_SYSTEM,
    { match: /my-policy\/session/, body: SIGNED_IN },
    { match: /claims\/drafts\?policyId=/, body: { drafts: OPEN } },
    { match: new RegExp(`claims/draft/${FIRST}$`), body: FIRST_DRAFT },
    { match: /claims\/draft$/, status: 409, body: TOO_MANY },
  ]);
}

describe('ClaimPage: the claims already started (issue 27)', () => {
  it('offers the open claims, says why one more cannot start, and goes on with the one chosen', async () => {
    const { calls } = serve();
    const user = userEvent.setup();
    renderAt(<ClaimPage />, '/claims');
    const started = await screen.findByRole('region', { name: 'Claims you have started' }, { timeout: 5000 });
    expect(started.textContent).toContain('We keep an unfinished claim for 30 days after it was last saved.');
    const items = within(started).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('span')?.textContent)).toEqual([
      'Medical expenses, last saved 24 Nov 2026, 2 documents',
      'Claim type not chosen yet, last saved 23 Nov 2026, 1 document',
      'Baggage and personal belongings, last saved 21 Nov 2026, 0 documents',
    ]);

    await user.click(screen.getByRole('button', { name: 'Start my claim' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You already have 3 unfinished claims on this policy. Please go on with one of them below.',
    );

    const [first] = within(started).getAllByRole('button', { name: 'Continue this claim' });
    expect(first!.getAttribute('aria-describedby')).toBe(`draft-${FIRST}`);
    await user.click(first!);
    expect(await screen.findByText('hospital-bill.pdf')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Claims you have started' })).toBeNull();
    expect(
      calls.filter((call) => call.init?.method === 'POST' && /claims\/draft$/.test(call.url)),
    ).toHaveLength(1);
  });

  it('says it in Chinese too', async () => {
    serve();
    await act(() => showLanguage('zh-Hans'));
    const user = userEvent.setup();
    renderAt(<ClaimPage />, '/claims');
    const started = await screen.findByRole('region', { name: '您已开始的索偿' }, { timeout: 5000 });
    const untyped = within(started).getAllByRole('listitem')[1]!.textContent;
    expect(untyped).toMatch(/^尚未选择索偿项目，最后保存于.+，1份文件继续这项索偿$/);
    await user.click(screen.getByRole('button', { name: '开始索偿' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      '这份保单已有3项未完成的索偿。请在下方继续其中一项。',
    );
  });
});
