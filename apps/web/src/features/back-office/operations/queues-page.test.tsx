import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAs } from '../../../test/back-office';
import { stubServer } from '../../../test/render';
import QueuesPage from './queues-page';

afterEach(() => vi.unstubAllGlobals());

const PAYMENT = {
  referenceNumber: 'LR-0001',
  method: 'card',
  status: 'refund_due',
  amountCents: 3924,
  currency: 'SGD',
  reasonCode: null,
  maskedCard: null,
};
const REFUND = {
  id: 11,
  kind: 'refund',
  createdAt: '2026-11-25T02:00:00.000Z',
  detail: null,
  policyId: null,
  policyNumber: null,
  policyStatus: null,
  payment: PAYMENT,
};
const REVIEW = { ...REFUND, id: 12, kind: 'review' };

/** The POSTs the page sent, with their bodies. */
const posts = (calls: { url: string; init: RequestInit | undefined }[]) =>
  calls
    .filter((call) => call.init?.method === 'POST')
    .map((call) => ({
      url: call.url,
      body: call.init?.body ? JSON.parse(String(call.init.body)) : undefined,
    }));

async function openRefunds() {
  const user = userEvent.setup();
  renderAs('operations', <QueuesPage />);
  await user.click(screen.getByRole('tab', { name: 'Refunds' }));
  return user;
}

describe("operations' queues (decision 123)", () => {
  it('flags a refund recorded without its reference or day, both at once, and sends nothing', async () => {
    const { calls } = stubServer([{ match: /queues\?kind=refund$/, body: { cases: [REFUND] } }]);
    const user = await openRefunds();
    await user.click(within(await screen.findByRole('table')).getByRole('button', { name: 'Record refund' }));
    const form = screen.getByRole('form', { name: 'Record refund case 11' });
    fireEvent.change(within(form).getByLabelText('Paid on'), { target: { value: '' } });
    await user.click(within(form).getByRole('button', { name: 'Confirm record refund' }));

    expect(
      within(form)
        .getAllByRole('alert')
        .map((alert) => alert.textContent),
    ).toEqual(['Enter the bank reference.', 'Enter the day it was paid.']);
    expect(document.activeElement).toBe(within(form).getByLabelText('Bank reference'));
    expect(posts(calls)).toEqual([]);
  });

  it("records a refund, and says the server's refusal of the reference on the reference", async () => {
    const { calls } = stubServer([
      {
        match: /queues\/11\/record-refund$/,
        status: 400,
        body: { message: 'This reference was recorded already.', field: 'reference' },
      },
      { match: /queues\?kind=refund$/, body: { cases: [REFUND] } },
    ]);
    const user = await openRefunds();
    await user.click(within(await screen.findByRole('table')).getByRole('button', { name: 'Record refund' }));
    const form = screen.getByRole('form', { name: 'Record refund case 11' });
    await user.type(within(form).getByLabelText('Bank reference'), ' FT123 ');
    fireEvent.change(within(form).getByLabelText('Paid on'), { target: { value: '2026-11-25' } });
    await user.click(within(form).getByRole('button', { name: 'Confirm record refund' }));

    const reference = within(form).getByLabelText('Bank reference') as HTMLInputElement;
    await vi.waitFor(() => expect(reference.getAttribute('aria-invalid')).toBe('true'));
    expect(within(form).getByRole('alert').textContent).toBe('This reference was recorded already.');
    expect(document.activeElement).toBe(reference);
    expect(reference.value).toBe(' FT123 ');
    expect(posts(calls)).toEqual([
      {
        url: '/back-office/api/admin/queues/11/record-refund',
        body: { reference: 'FT123', paidOn: '2026-11-25' },
      },
    ]);
  });

  it('resolves a case only with a note, and rejects a review with a note only when one is written', async () => {
    const { calls } = stubServer([
      { match: /queues\/\d+\/(resolve|reject)$/, body: { resolved: true } },
      { match: /queues\?kind=review$/, body: { cases: [REVIEW] } },
      { match: /queues\?kind=refund$/, body: { cases: [REFUND] } },
    ]);
    const user = userEvent.setup();
    renderAs('operations', <QueuesPage />);
    await user.click(within(await screen.findByRole('table')).getByRole('button', { name: 'Reject' }));
    await user.click(screen.getByRole('button', { name: 'Confirm reject' }));
    expect(await screen.findByText('Reject: done for case 12.')).toBeTruthy();

    await user.click(screen.getByRole('tab', { name: 'Refunds' }));
    await user.click(within(await screen.findByRole('table')).getByRole('button', { name: 'Resolve' }));
    await user.click(screen.getByRole('button', { name: 'Confirm resolve' }));
    expect(screen.getByRole('alert').textContent).toBe('Write a note.');
    expect(posts(calls)).toHaveLength(1);
    await user.type(screen.getByLabelText('Note'), 'Paid by the bank');
    await user.click(screen.getByRole('button', { name: 'Confirm resolve' }));
    expect(await screen.findByText('Resolve: done for case 11.')).toBeTruthy();
    expect(posts(calls)).toEqual([
      { url: '/back-office/api/admin/queues/12/reject', body: {} },
      { url: '/back-office/api/admin/queues/11/resolve', body: { note: 'Paid by the bank' } },
    ]);
  });
});
