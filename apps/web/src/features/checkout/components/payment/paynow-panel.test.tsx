import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { declared, ratedPolicy } from '../../../../test/checkout';
import { useTravelFlowStore } from '../../../travel/state/travel-flow-store';
import { checkoutActions } from '../../state/checkout-store';
import { PaynowPanel } from './paynow-panel';

/** The panel pays the travel journey, as the payment page hands it over (decision 044). */
const journey = checkoutActions(useTravelFlowStore, 'policyTravel');

const TXN = 'TSG-261123-PAYNOW01';

type TCheckAnswer = { success: boolean; error: boolean; message: string };

type TServer = {
  /** The status turns paid after this many checks. */
  paidAfter?: number;
  /** The QR's expiry as the server answers it, from the server's time of the call (10 minutes on). */
  expiryTime?: (calledAt: number) => string | undefined;
  /** How long the QR call takes to answer. */
  qrDelayMs?: number;
  /** How long a status check takes to answer, and what it answers until paid. */
  checkDelayMs?: number;
  unpaid?: TCheckAnswer;
};

/** The PayNow calls (apps/server paynow-service): each QR gets a new reference and its expiry time. */
function server({
  paidAfter = Number.POSITIVE_INFINITY,
  expiryTime = (calledAt) => new Date(calledAt + 600_000).toISOString(),
  qrDelayMs = 0,
  checkDelayMs = 0,
  unpaid = { success: false, error: false, message: 'pending' },
}: TServer = {}) {
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
      const wait = async (ms: number) => {
        if (ms > 0) await new Promise((resolve) => setTimeout(resolve, ms));
      };
      if (url.endsWith('/updateToPendingGenerateQR')) {
        qrs += 1;
        const expiry = expiryTime(Date.now());
        await wait(qrDelayMs);
        return json({
          policy: {
            ...body,
            status: 'pending',
            payment: { paymentMethod: 'PN', paymentReferenceNumber: `${TXN}${qrs}` },
          },
          response: {
            qrCode: `UVIke${qrs}`,
            txnRef: `${TXN}${qrs}`,
            ...(expiry === undefined ? {} : { expiryTime: expiry }),
          },
          error: false,
          errorMessage: '',
        });
      }
      if (url.endsWith('/checkB2CPaymentSuccess')) {
        checks += 1;
        const paid = checks >= paidAfter;
        await wait(checkDelayMs);
        return json(paid ? { success: true, error: false, message: 'paid' } : unpaid);
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
    render(<PaynowPanel journey={journey} amount="SGD 100.00" onIssued={vi.fn()} onFailure={vi.fn()} />);
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
    const { calls, checks } = server({ paidAfter: 3 });
    const onIssued = vi.fn();
    render(<PaynowPanel journey={journey} amount="SGD 100.00" onIssued={onIssued} onFailure={vi.fn()} />);
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
    render(<PaynowPanel journey={journey} amount="SGD 100.00" onIssued={vi.fn()} onFailure={vi.fn()} />);
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
    render(<PaynowPanel journey={journey} amount="SGD 100.00" onIssued={vi.fn()} onFailure={onFailure} />);
    await tick(0);
    expect(onFailure).toHaveBeenCalledWith({ key: 'paymentError.paynowUnavailable' }, { step: 'qr-error' });
    expect(screen.queryByRole('img', { name: 'PayNow QR code' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Click to reload QR code' })).toBeTruthy();
  });
});

describe('the QR clock (decision 014; travel-flow section 9)', () => {
  const timer = () => screen.getByRole('timer').textContent;

  it('counts down to the expiry the server answered, not 10 minutes from the browser', async () => {
    server({ expiryTime: (calledAt) => new Date(calledAt + 7 * 60_000 + 30_000).toISOString() });
    render(<PaynowPanel journey={journey} amount="SGD 100.00" onIssued={vi.fn()} onFailure={vi.fn()} />);
    await tick(0);
    expect(timer()).toBe('Expires in 07:30');
    await tick(7 * 60_000 + 29_000);
    expect(timer()).toBe('Expires in 00:01');
    await tick(1000);
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('This QR code has expired.');
  });

  it('does not give a slow answer more time than the bank honours', async () => {
    server({ qrDelayMs: 20_000 });
    render(<PaynowPanel journey={journey} amount="SGD 100.00" onIssued={vi.fn()} onFailure={vi.fn()} />);
    await tick(20_000);
    expect(timer()).toBe('Expires in 09:40');
  });

  it.each([
    ['no expiry', () => undefined],
    ['an unparseable expiry', () => 'in ten minutes'],
    [
      'an expiry already past (a browser clock far ahead)',
      (calledAt: number) => new Date(calledAt - 60_000).toISOString(),
    ],
    [
      'an expiry an hour away (a browser clock behind)',
      (calledAt: number) => new Date(calledAt + 3_600_000).toISOString(),
    ],
  ])('counts 10 minutes from the answer for %s', async (_, expiryTime) => {
    server({ expiryTime, qrDelayMs: 3000 });
    render(<PaynowPanel journey={journey} amount="SGD 100.00" onIssued={vi.fn()} onFailure={vi.fn()} />);
    await tick(3000);
    expect(timer()).toBe('Expires in 10:00');
    await tick(10 * 60_000);
    expect(screen.queryByRole('timer')).toBeNull();
  });

  it('stops polling once the QR has expired; a reloaded QR polls again', async () => {
    const { checks } = server({ expiryTime: (calledAt) => new Date(calledAt + 5500).toISOString() });
    render(<PaynowPanel journey={journey} amount="SGD 100.00" onIssued={vi.fn()} onFailure={vi.fn()} />);
    await tick(0);
    await tick(5000);
    expect(checks()).toBe(5);
    await tick(600);
    expect(screen.getByRole('status').textContent).toBe('This QR code has expired.');
    await tick(60_000);
    expect(checks()).toBe(5);
    fireEvent.click(screen.getByRole('button', { name: 'Click to reload QR code' }));
    await tick(0);
    await tick(1000);
    expect(checks()).toBe(6);
  });

  it.each([
    ['an error', { success: false, error: true, message: 'paymentError.transactionDeclinedMessage' }],
    ['still pending', { success: false, error: false, message: 'pending' }],
  ])('ignores a check in flight when the QR expires that answers %s', async (_, unpaid) => {
    const { checks } = server({
      expiryTime: (calledAt) => new Date(calledAt + 2500).toISOString(),
      checkDelayMs: 3000,
      unpaid,
    });
    const onFailure = vi.fn();
    render(<PaynowPanel journey={journey} amount="SGD 100.00" onIssued={vi.fn()} onFailure={onFailure} />);
    await tick(0);
    await tick(1000);
    expect(checks()).toBe(1);
    await tick(1500);
    expect(screen.getByRole('status').textContent).toBe('This QR code has expired.');
    await tick(30_000);
    expect(checks()).toBe(1);
    expect(onFailure).not.toHaveBeenCalled();
    expect(screen.getByRole('status').textContent).toBe('This QR code has expired.');
  });

  it('still issues a payment whose answer arrives just after the QR expired', async () => {
    server({
      paidAfter: 1,
      expiryTime: (calledAt) => new Date(calledAt + 2500).toISOString(),
      checkDelayMs: 3000,
    });
    const onIssued = vi.fn();
    render(<PaynowPanel journey={journey} amount="SGD 100.00" onIssued={onIssued} onFailure={vi.fn()} />);
    await tick(0);
    await tick(4000);
    expect(onIssued).toHaveBeenCalledWith(expect.objectContaining({ policyNumber: 'TSG26-0000002' }));
  });

  it('ends the QR when the server says it has run out before the page does', async () => {
    const { checks } = server({ unpaid: { success: false, error: true, message: 'paymentError.qrExpired' } });
    const onFailure = vi.fn();
    render(<PaynowPanel journey={journey} amount="SGD 100.00" onIssued={vi.fn()} onFailure={onFailure} />);
    await tick(0);
    await tick(1000);
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('This QR code has expired.');
    expect(screen.getByRole('button', { name: 'Click to reload QR code' })).toBeTruthy();
    await tick(10_000);
    expect(checks()).toBe(1);
    expect(onFailure).not.toHaveBeenCalled();
  });
});
