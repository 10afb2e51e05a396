import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { declared, ratedPolicy } from '../../../../test/checkout';
import { useTravelFlowStore } from '../../state/travel-flow-store';
import { PaynowPanel } from './paynow-panel';

const TXN = 'TSG-261123-PAYNOW01';

/** The PayNow calls: each QR gets a new reference; the status turns paid after `paidAfter` checks. */
function server(paidAfter = Number.POSITIVE_INFINITY) {
  const calls: { url: string; body: Record<string, unknown>; headers: Record<string, string> }[] = [];
  let qrs = 0;
  let checks = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
      calls.push({ url, body, headers: (init?.headers ?? {}) as Record<string, string> });
      const json = (value: unknown) => new Response(JSON.stringify(value));
      if (url.endsWith('/updateToPendingGenerateQR')) {
        qrs += 1;
        return json({
          policy: {
            ...body,
            status: 'pending',
            payment: { paymentMethod: 'PN', paymentReferenceNumber: `${TXN}${qrs}` },
          },
          response: { qrCode: `UVIke${qrs}`, txnRef: `${TXN}${qrs}`, expiryTime: new Date().toISOString() },
          error: false,
          errorMessage: '',
        });
      }
      if (url.endsWith('/checkB2CPaymentSuccess')) {
        checks += 1;
        const paid = checks >= paidAfter;
        return json({ success: paid, error: false, message: paid ? 'paid' : 'pending' });
      }
      if (url.endsWith('/issueAndReceiptQRPolicy'))
        return json({
          ...body,
          status: 'issued',
          policyNumber: 'TSG26-0000002',
          receiptNumber: 'RSG26-0000002',
        });
      if (url.endsWith('/qrCodeSimulatePaymentB2C')) return json({ success: true });
      return new Response('', { status: 404 });
    }),
  );
  return { calls, checks: () => checks };
}

async function tick(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  useTravelFlowStore.setState({
    policy: declared(ratedPolicy()),
    plans: [],
    campaign: null,
    initialUrl: null,
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('PayNow (travel-flow sections 2 and 4)', () => {
  it('shows the QR with a 10-minute countdown, dims it on expiry and reloads a new one', async () => {
    const { calls } = server();
    render(<PaynowPanel onIssued={vi.fn()} onFailure={vi.fn()} />);
    await tick(0);
    const qr = screen.getByRole('img', { name: 'PayNow QR code' });
    expect(qr.getAttribute('src')).toBe('data:image/png;base64,UVIke1');
    expect(screen.getByRole('timer').textContent).toBe('Expires in 10:00');
    await tick(61_000);
    expect(screen.getByRole('timer').textContent).toBe('Expires in 08:59');
    await tick(9 * 60_000);
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('This QR code has expired.');
    expect(qr.className).toMatch(/dimmed/);
    fireEvent.click(screen.getByRole('button', { name: 'Click to reload QR code' }));
    await tick(0);
    expect(screen.getByRole('img', { name: 'PayNow QR code' }).getAttribute('src')).toBe(
      'data:image/png;base64,UVIke2',
    );
    expect(screen.getByRole('timer').textContent).toBe('Expires in 10:00');
    const keys = calls
      .filter((call) => call.url.endsWith('/updateToPendingGenerateQR'))
      .map((call) => call.headers['Idempotency-Key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('checks the payment after 1 second, then every second, and issues the policy once paid', async () => {
    const { calls, checks } = server(3);
    const onIssued = vi.fn();
    render(<PaynowPanel onIssued={onIssued} onFailure={vi.fn()} />);
    await tick(0);
    expect(checks()).toBe(0);
    await tick(1000);
    expect(checks()).toBe(1);
    const check = calls.find((call) => call.url.endsWith('/checkB2CPaymentSuccess'))!;
    expect(check.body.payment).toMatchObject({ paymentReferenceNumber: `${TXN}1` });
    await tick(1000);
    expect(checks()).toBe(2);
    await tick(1000);
    expect(onIssued).toHaveBeenCalledWith(expect.objectContaining({ policyNumber: 'TSG26-0000002' }));
  });

  it('offers the simulate link on a test host, with a spinner for 5 seconds', async () => {
    const { calls } = server();
    render(<PaynowPanel onIssued={vi.fn()} onFailure={vi.fn()} />);
    await tick(0);
    fireEvent.click(screen.getByRole('button', { name: 'Simulate the bank payment (test only)' }));
    await tick(0);
    expect(calls.some((call) => call.url.endsWith('/qrCodeSimulatePaymentB2C'))).toBe(true);
    expect(screen.getByText('Simulating the bank payment…')).toBeTruthy();
    await tick(4900);
    expect(screen.getByText('Simulating the bank payment…')).toBeTruthy();
    await tick(200);
    expect(screen.queryByText('Simulating the bank payment…')).toBeNull();
  });
  it('shows the server’s QR error and lets the customer try again', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({ policy: {}, error: true, errorMessage: 'paymentError.paynowUnavailable' }),
          ),
      ),
    );
    const onFailure = vi.fn();
    render(<PaynowPanel onIssued={vi.fn()} onFailure={onFailure} />);
    await tick(0);
    expect(onFailure).toHaveBeenCalledWith({ key: 'paymentError.paynowUnavailable' }, { step: 'qr-error' });
    expect(screen.queryByRole('img', { name: 'PayNow QR code' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Click to reload QR code' })).toBeTruthy();
  });
});
