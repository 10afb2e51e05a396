import { localDate } from '@lionrock/domain/dates/local-date';
import { buildTravelPolicy } from '@lionrock/domain/schemas/fixtures';
import type { TPolicy } from '@lionrock/domain/schemas/policy-schema';
import { describe, expect, it } from 'vitest';
import { composeRenewalMail } from './renewal-mail.ts';

const facts = {
  policyNumber: 'TSG26-0000001',
  expiryDate: '08/12/2027',
  renewalStart: '09/12/2027',
  renewalEnd: '08/12/2028',
  chargeDate: '23/11/2027',
  amountCents: 20230,
  cardLast4: '1111',
  cardExpiry: '12/2030',
};

describe('renewal e-mails carry the "Manage your policy" link (design section 12)', () => {
  it.each(['en', 'zh'] as const)('in %s, beside the turn-off link', (language) => {
    const policy = buildTravelPolicy(localDate(2026, 11, 25)) as unknown as TPolicy;
    const manageUrl = 'https://shop.example/my-policy/open/b633b901?s=TSG26-0000001&e=1&sig=abc';
    const mail = composeRenewalMail('renewal-notice', policy, {
      language,
      facts,
      turnOffUrl: 'https://shop.example/b2c-server/rest/renewal/turn-off/b633b901?s=x',
      manageUrl,
    });
    expect(mail.text).toContain(manageUrl);
    expect(mail.html).toContain(manageUrl.replaceAll('&', '&amp;'));
    const without = composeRenewalMail('renewal-notice', policy, {
      language,
      facts,
      turnOffUrl: 'https://x',
    });
    expect(without.text).not.toContain('/my-policy/');
  });
});
