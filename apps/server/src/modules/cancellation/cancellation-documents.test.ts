import { localDate } from '@lionrock/domain/dates/local-date';
import { buildTravelPolicy } from '@lionrock/domain/schemas/fixtures';
import type { TPolicy } from '@lionrock/domain/schemas/policy-schema';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../test/helpers/pdf-text.ts';
import {
  composeCancellationMail,
  endorsementFileName,
  renderCancellationEndorsement,
  type TCancellationFacts,
} from './cancellation-documents.ts';

const policyIn = (country: 'SGP' | 'HKG') =>
  buildTravelPolicy(localDate(2026, 11, 25), { country }) as unknown as TPolicy;

const facts: TCancellationFacts = {
  policyNumber: 'THK26-0000042',
  periodStart: '09/12/2026',
  periodEnd: '08/12/2027',
  cancelledOn: '20/12/2026',
  basis: 'free-look',
  paidCents: 120_050,
  refundCents: 120_050,
  method: 'CC',
  cardLast4: '1111',
  recordedAt: new Date('2026-12-20T02:00:00.000Z'),
};

describe('the cancellation endorsement and e-mail', () => {
  it('prints the policy, the basis and the refund in English, with no ID number', async () => {
    const policy = policyIn('SGP');
    const text = pdfText(
      await renderCancellationEndorsement(policy, { ...facts, policyNumber: 'TSG26-0000042' }, 'en'),
    );
    expect(text).toContain('Cancellation endorsement');
    expect(text).toContain('TSG26-0000042');
    expect(text).toContain('S$1,200.50');
    expect(text).toContain('Free-look cancellation: full refund');
    expect(text).toContain('your card ending 1111');
    expect(text).not.toContain(policy.policyTravel?.applicant?.hkId ?? 'S8512345I');
  });

  it('writes Hong Kong Chinese in Traditional characters, with the same bytes for the same cancellation', async () => {
    const policy = policyIn('HKG');
    const pdf = await renderCancellationEndorsement(
      policy,
      { ...facts, basis: 'short-period', refundCents: 67_528 },
      'zh',
    );
    const text = pdfText(pdf);
    expect(text).toContain('保單註銷批單');
    expect(text).toContain('短期註銷');
    expect(text).toContain('HK$675.28');
    expect(text).not.toContain('保单');
    expect(
      (
        await renderCancellationEndorsement(
          policy,
          { ...facts, basis: 'short-period', refundCents: 67_528 },
          'zh',
        )
      ).equals(pdf),
    ).toBe(true);
  });

  it('tells a PayNow customer about the transfer in Simplified Chinese for Singapore', () => {
    const mail = composeCancellationMail(policyIn('SGP'), { ...facts, method: 'PN', cardLast4: '' }, 'zh');
    expect(mail.subject).toBe('您的狮石旅游保险保单 THK26-0000042 已注销');
    expect(mail.text).toContain('银行转账');
    expect(mail.html).toContain('<html lang="zh-Hans"');
    expect(endorsementFileName('TSG26/0001')).toBe('cancellation-endorsement-TSG26_0001.pdf');
  });
});
