import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showLanguage } from '../../../lib/i18n';
import { renderAt } from '../../../test/render';
import type { TCancellationView } from '../api/cancel-api';
import { CancelPanel } from './cancel-panel';

const POLICY = '3f1c2b9e-0000-4000-8000-000000000001';

const quoteOf = (overrides: Partial<TCancellationView> = {}): TCancellationView => ({
  policyId: POLICY,
  policyNumber: 'TSG26-0000123',
  status: 'issued',
  currency: 'SGD',
  allowed: true,
  basis: 'free-look',
  refundCents: 36_000,
  reasonKey: 'myPolicy.cancel.reason.freeLook',
  freeLookEnds: '23/12/2026',
  paymentMethod: 'CC',
  cardLast4: '1111',
  refund: null,
  ...overrides,
});

/** The cancellation calls: GET answers `quote`, POST answers `cancel` (status and body). */
function server(quote: TCancellationView, cancel: { status?: number; body: unknown } = { body: {} }) {
  const posts: { url: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.endsWith('/step-up'))
      return new Response(JSON.stringify({ sentTo: 'W***@E***.COM', validMinutes: 10 }));
    if (!url.endsWith('/cancellation')) return new Response('{}');
    if (init?.method === 'POST') {
      posts.push({ url, body: JSON.parse(String(init.body)) });
      return new Response(JSON.stringify(cancel.body), { status: cancel.status ?? 200 });
    }
    return new Response(JSON.stringify(quote));
  });
  vi.stubGlobal('fetch', fetchMock);
  return { posts, fetchMock };
}

/** "Are you sure?" answered yes, then the code from the policy's address (decision 102). */
async function confirmWithCode(code = '135790') {
  await userEvent.click(await screen.findByRole('button', { name: 'Continue' }));
  await screen.findByText(/We've e-mailed a 6-digit code to W\*\*\*@E\*\*\*\.COM/);
  await userEvent.type(screen.getByLabelText('Code from the e-mail'), code);
  await userEvent.click(screen.getByRole('button', { name: 'Yes, cancel policy' }));
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => showLanguage('en'));
});

describe('CancelPanel', () => {
  it('offers the free-look full refund, asks "Are you sure?", and shows the refund on its way to the card', async () => {
    const cancelled = quoteOf({
      status: 'cancelled',
      allowed: false,
      basis: 'none',
      refundCents: 0,
      reasonKey: 'myPolicy.cancel.reason.alreadyCancelled',
      refund: {
        state: 'succeeded',
        amountCents: 36_000,
        method: 'CC',
        reference: 'RF0A1B2C3D4E5F60718293A4B5C6D7E8F9',
      },
    });
    const { posts } = server(quoteOf(), { body: cancelled });
    const onCancelled = vi.fn();
    renderAt(<CancelPanel policyId={POLICY} onCancelled={onCancelled} />, '/my-policy');
    expect(
      await screen.findByText(
        "You're within the free-look period (until 23/12/2026). If you cancel now, we refund the premium in full: S$360.00.",
      ),
    ).toBeTruthy();
    expect(screen.getByText(/The refund goes back to your card ending 1111\./)).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Cancel policy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(dialog.textContent).toContain('Policy TSG26-0000123 will be cancelled today');
    // Keeping the policy sends nothing.
    await userEvent.click(screen.getByRole('button', { name: 'Keep my policy' }));
    expect(posts).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Cancel policy' }));
    await userEvent.type(screen.getByLabelText('Why are you cancelling? (optional)'), 'Trip called off');
    await confirmWithCode();
    expect(await screen.findByText('Your policy is cancelled.')).toBeTruthy();
    expect(
      screen.getByText(
        "We're refunding S$360.00 to your card ending 1111. Your bank usually shows it within 7 to 14 working days.",
      ),
    ).toBeTruthy();
    // The refund's reference, as the cancellation mail gives it (decision 129).
    expect(
      screen.getByText(
        "Your refund's reference is RF0A1B2C3D4E5F60718293A4B5C6D7E8F9. Please quote it if you ask us or your bank about this refund.",
      ),
    ).toBeTruthy();
    expect(posts).toEqual([
      {
        url: `/b2c-server/rest/my-policy/policies/${POLICY}/cancellation`,
        body: { confirm: true, stepUpCode: '135790', reason: 'Trip called off' },
      },
    ]);
    expect(onCancelled).toHaveBeenCalledWith(cancelled);
  });

  it('states the short-period refund with the charge from the domain', async () => {
    server(
      quoteOf({
        basis: 'short-period',
        refundCents: 22_500,
        reasonKey: 'myPolicy.cancel.reason.shortPeriod',
      }),
    );
    renderAt(<CancelPanel policyId={POLICY} />, '/my-policy');
    expect(
      await screen.findByText(
        'The free-look period has ended. If you cancel now, we refund S$225.00: the premium for the whole months left, less a 25% administration charge.',
      ),
    ).toBeTruthy();
  });

  it('says why a policy cannot be cancelled, and offers no button', async () => {
    server(
      quoteOf({
        allowed: false,
        basis: 'none',
        refundCents: 0,
        reasonKey: 'myPolicy.cancel.reason.tripStarted',
      }),
    );
    renderAt(<CancelPanel policyId={POLICY} />, '/my-policy');
    expect(
      await screen.findByText("A single-trip policy can't be cancelled once the trip has started."),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel policy' })).toBeNull();
  });

  it('tells a PayNow customer that operations transfer the refund', async () => {
    const cancelled = quoteOf({
      status: 'cancelled',
      allowed: false,
      paymentMethod: 'PN',
      cardLast4: '',
      refund: {
        state: 'manual',
        amountCents: 3_060,
        method: 'PN',
        reference: 'RF00000000000000000000000000000001',
      },
    });
    server(quoteOf({ paymentMethod: 'PN', cardLast4: '', refundCents: 3_060 }), { body: cancelled });
    renderAt(<CancelPanel policyId={POLICY} />, '/my-policy');
    expect(await screen.findByText(/we refund you by bank transfer/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel policy' }));
    await confirmWithCode();
    expect(
      await screen.findByText(
        "We'll refund S$30.60 by bank transfer: our operations team will contact you within 7 working days.",
      ),
    ).toBeTruthy();
  });

  it("shows the server's reason when the cancellation is refused, and keeps the dialog open", async () => {
    server(quoteOf(), {
      status: 409,
      body: { statusCode: 409, field: 'policyId', messageKey: 'myPolicy.cancel.reason.claimMade' },
    });
    renderAt(<CancelPanel policyId={POLICY} />, '/my-policy');
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel policy' }));
    await confirmWithCode();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('A claim has been made under this policy');
    expect(screen.getByRole('dialog', { name: 'Are you sure?' })).toBeTruthy();
  });

  it('speaks Chinese', async () => {
    await act(() => showLanguage('zh-Hans'));
    server(quoteOf());
    renderAt(<CancelPanel policyId={POLICY} />, '/my-policy');
    expect(await screen.findByRole('heading', { name: '注销此保单' })).toBeTruthy();
    await waitFor(() => expect(screen.getByText(/您仍在冷静期内（至23\/12\/2026）/)).toBeTruthy());
  });
});
