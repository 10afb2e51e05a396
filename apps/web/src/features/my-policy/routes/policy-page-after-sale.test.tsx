import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showLanguage } from '../../../lib/i18n';
import { renderAt } from '../../../test/render';
import type { TPolicyDetails } from '../api/my-policy-api';
import { PolicyPage } from './policy-page';

const POLICY = '3f1c2b9e-0000-4000-8000-000000000001';
const RENEWED = '3f1c2b9e-0000-4000-8000-000000000002';
const REFERENCE = 'RF3F1C2B9E000040008000000000000001';

const detailsOf = (overrides: Partial<TPolicyDetails> = {}): TPolicyDetails => ({
  policyId: POLICY,
  policyNumber: 'TSG26-0000123',
  productType: 'PTR',
  country: 'SGP',
  status: 'issued',
  startDate: '13/12/2026',
  endDate: '12/12/2027',
  planCode: 'A',
  planName: { en: 'Plan A', zh: '计划A' },
  insuredPersons: [],
  currency: 'SGD',
  premiumCents: 36_000,
  taxCents: 0,
  totalCents: 36_000,
  payment: { method: 'CC', card: '•••• 1111' },
  refunds: [],
  autoRenewal: { on: true, canTurnOn: false, blockedBecause: null },
  renewal: { mails: [], renewedPolicyNumber: null, renewed: null },
  wordingUrl: '/b2c-server/rest/document/get/travel-policyWording?country=SGP',
  ...overrides,
});

/** The policy's details (the page outside its route has no id) answer `details`; the other panels' calls 404. */
function server(details: TPolicyDetails) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) =>
      /\/my-policy\/policies\/[^/]*$/.test(String(input))
        ? new Response(JSON.stringify(details))
        : new Response('{}', { status: 404 }),
    ),
  );
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => showLanguage('en'));
});

/** Money a customer can trace (issue 29, decision 129). */
describe('my policy after the sale', () => {
  it('says a charged renewal and links the new policy, with no turn-off offered', async () => {
    server(
      detailsOf({
        renewal: {
          mails: [],
          renewedPolicyNumber: 'TSG27-0000124',
          renewed: {
            policyId: RENEWED,
            policyNumber: 'TSG27-0000124',
            chargedCents: 36_000,
            startDate: '13/12/2027',
            endDate: '12/12/2028',
          },
        },
      }),
    );
    renderAt(<PolicyPage />, `/my-policy/policies/${POLICY}`);
    const panel = (await screen.findByRole('heading', { name: 'Auto-renewal' })).closest('section')!;
    expect(panel.textContent).toContain(
      'Renewed: we charged S$360.00 to your card and renewed this policy as policy TSG27-0000124, covering 13/12/2027 to 12/12/2028.',
    );
    expect(within(panel).queryByRole('button', { name: 'Turn off auto-renewal' })).toBeNull();
    expect(
      within(panel).getByRole('link', { name: 'See the new policy TSG27-0000124' }).getAttribute('href'),
    ).toBe(`/my-policy/policies/${RENEWED}`);
  });

  it('offers the turn-off while the renewal is not charged', async () => {
    server(detailsOf());
    renderAt(<PolicyPage />, `/my-policy/policies/${POLICY}`);
    expect(await screen.findByRole('button', { name: 'Turn off auto-renewal' })).toBeTruthy();
  });

  it('shows the refund with its reference beside the payment, in Hong Kong Chinese too', async () => {
    const refund = {
      reference: REFERENCE,
      amountCents: 36_000,
      state: 'succeeded',
      method: 'CC',
      basis: 'free-look',
    };
    server(
      detailsOf({
        status: 'cancelled',
        refunds: [refund],
        autoRenewal: { on: false, canTurnOn: false, blockedBecause: 'not-in-force' },
      }),
    );
    const singapore = renderAt(<PolicyPage />, `/my-policy/policies/${POLICY}`);
    expect(await screen.findByText(`Refunded S$360.00 · reference ${REFERENCE}`)).toBeTruthy();
    singapore.unmount();

    server(detailsOf({ country: 'HKG', status: 'cancelled', refunds: [{ ...refund, state: 'requested' }] }));
    await act(() => showLanguage('zh-Hant'));
    renderAt(<PolicyPage />, `/my-policy/policies/${POLICY}`);
    expect(await screen.findByText(`退款 HK$360.00 處理中 · 退款編號 ${REFERENCE}`)).toBeTruthy();
  });

  it("lists each refund on its own line: an endorsement's, then the cancellation's", async () => {
    const endorsement = 'RE0123456789ABCDEF0123456789ABCDEF';
    server(
      detailsOf({
        status: 'cancelled',
        refunds: [
          { reference: endorsement, amountCents: 4_321, state: 'manual', method: 'PN', basis: 'endorsement' },
          {
            reference: REFERENCE,
            amountCents: 12_000,
            state: 'succeeded',
            method: 'CC',
            basis: 'short-period',
          },
        ],
        autoRenewal: { on: false, canTurnOn: false, blockedBecause: 'not-in-force' },
      }),
    );
    renderAt(<PolicyPage />, `/my-policy/policies/${POLICY}`);
    const moved = await screen.findByText(
      `Refund of S$43.21 being arranged by our team · reference ${endorsement}`,
    );
    expect(moved.previousElementSibling?.textContent).toBe('Refund for the change of address');
    const cancelled = screen.getByText(`Refunded S$120.00 · reference ${REFERENCE}`);
    expect(cancelled.previousElementSibling?.textContent).toBe('Refund');
  });
});
