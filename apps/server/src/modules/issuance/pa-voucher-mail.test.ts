import { localDate } from '@lionrock/domain/dates/local-date';
import { ratePolicy, type TRatingContext, withRating } from '@lionrock/domain/policy/rate-policy';
import {
  HOME_RATE_TABLE,
  PA_RATE_TABLE,
  TRAVEL_RATE_TABLES,
} from '@lionrock/domain/rating/bundled-rate-tables';
import { buildPaPolicy, parsePolicy } from '@lionrock/domain/schemas/fixtures';
import type { TPolicyInput } from '@lionrock/domain/schemas/policy-schema';
import { describe, expect, it } from 'vitest';
import { BUNDLED_DOCUMENT_RATES } from '../../../test/helpers/bundled-document-rates.ts';
import { pdfText } from '../../../test/helpers/pdf-text.ts';
import { renderPolicySchedule, type TIssuedPolicy } from '../document/policy-schedule.ts';
import { BUNDLED_BENEFIT_SCHEDULES } from '../policy/benefit-schedules.ts';
import { composePolicyMail } from './policy-mail.ts';

/** The campaign's voucher per policy (pa-home-payments section 9) in the mail and schedule of each language. */
const today = localDate(2026, 11, 23);
const context: TRatingContext = {
  tables: { travel: TRAVEL_RATE_TABLES, pa: PA_RATE_TABLE, home: HOME_RATE_TABLE },
  seniorLoadingOn: false,
  discounts: { campaign: { type: 'PERCENT', basisPoints: 2000 } },
};
const voucher = {
  campaignCode: 'HKPA20',
  amount: 150,
  description: 'HK$150 supermarket voucher',
  descriptionCn: '150港元超市禮券',
};

function issued(language: 'en' | 'zh', withVoucher: boolean): TIssuedPolicy {
  const base = buildPaPolicy(today, { country: 'HKG' } as Partial<TPolicyInput>);
  const policy = parsePolicy({
    ...base,
    ...(withVoucher ? { campaignVoucher: voucher } : {}),
    policyPAN: {
      ...base.policyPAN!,
      selectedPlan: 'A',
      insured: {
        adult1: {
          lastName: 'CHAN TAI MAN',
          idType: 'HKID',
          hkId: 'K234567(6)',
          dateOfBirth: '15/04/1982',
          occupation: '06',
        },
        children: [],
      },
    },
  });
  const rated = ratePolicy(policy, context, 'plans');
  if ('refused' in rated) throw new Error(rated.refused);
  return {
    document: withRating(policy, rated, { mode: 'plans', selected: rated.items[0]! }),
    policyNumber: 'AHK26-0000150',
    receiptNumber: 'RHK26-0000151',
    issuedAt: new Date('2026-11-23T02:30:00Z'),
    language,
  };
}

describe('the campaign voucher on a personal accident policy', () => {
  it('names the voucher in the e-mail, in English and in Traditional Chinese for Hong Kong', () => {
    const options = { role: 'applicant' as const, scheduleUrl: 'https://hk.lionrock.example/s' };
    expect(composePolicyMail(issued('en', true), options).text).toContain(
      'Campaign gift: HK$150 supermarket voucher',
    );
    const chinese = composePolicyMail(issued('zh', true), options);
    expect(chinese.text).toContain('活動禮品：150港元超市禮券');
    expect(chinese.html).toContain('150港元超市禮券');
    expect(composePolicyMail(issued('en', false), options).text).not.toContain('Campaign gift');
  });

  it('prints the voucher on the schedule, and nothing without one', async () => {
    expect(
      pdfText(
        await renderPolicySchedule(issued('en', true), BUNDLED_BENEFIT_SCHEDULES, BUNDLED_DOCUMENT_RATES),
      ),
    ).toContain('Campaign gift HK$150 supermarket voucher');
    expect(
      pdfText(
        await renderPolicySchedule(issued('zh', true), BUNDLED_BENEFIT_SCHEDULES, BUNDLED_DOCUMENT_RATES),
      ),
    ).toContain('150港元超市禮券');
    expect(
      pdfText(
        await renderPolicySchedule(issued('en', false), BUNDLED_BENEFIT_SCHEDULES, BUNDLED_DOCUMENT_RATES),
      ),
    ).not.toContain('Campaign gift');
  });
});
