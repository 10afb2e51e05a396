import { describe, expect, it, vi } from 'vitest';
import type { TMailRow } from './mail-outbox-repository.ts';
import { createMailSenders, serviceMailSender } from './mail-senders.ts';

const mail = (kind: string, recipientRole = 'applicant') => ({ id: 7, kind, recipientRole }) as TMailRow;

describe('the senders each module registers for its mail (decision 115)', () => {
  it('finds the one sender of a kind, and none for a kind nobody sends', () => {
    const senders = createMailSenders();
    const claims = serviceMailSender('claims', (kind) => kind.startsWith('claim-'), {
      mailContent: async () => null,
    });
    senders.register(claims);
    expect(senders.senderFor(mail('claim-received'))).toBe(claims);
    expect(senders.senderFor(mail('policy-issued'))).toBeUndefined();
  });

  it('refuses a mail two senders claim, naming both', () => {
    const senders = createMailSenders();
    senders.register(serviceMailSender('contact', () => true, { mailContent: async () => null }));
    senders.register(
      serviceMailSender('step-up', (kind) => kind === 'step-up-code', { mailContent: async () => null }),
    );
    expect(() => senders.senderFor(mail('step-up-code'))).toThrow(
      'contact and step-up both handle step-up-code',
    );
  });

  it('notes a delivery only for what the service has to send', async () => {
    const mailDelivered = vi.fn(async () => {});
    const sender = serviceMailSender('saved-quote', () => true, {
      mailContent: async (row) => (row.kind === 'live' ? { subject: 's', text: 't' } : null),
      mailDelivered,
    });
    expect(await sender.compose(mail('live'))).toEqual({ subject: 's', text: 't' });
    expect(await sender.compose(mail('superseded'))).toBeNull();
    await sender.delivered?.(mail('live'));
    expect(mailDelivered).toHaveBeenCalledTimes(1);
  });
});
