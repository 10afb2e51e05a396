import { hongKongChinese } from '@lionrock/chinese/hong-kong-chinese';
import { localDate } from '@lionrock/domain/dates/local-date';
import { DOCUMENT_KINDS, DOCUMENT_PRODUCTS } from '@lionrock/domain/policy/document-names';
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
import { documentSections } from '../document/wordings.ts';
import { composePolicyMail } from '../issuance/policy-mail.ts';
import { BUNDLED_BENEFIT_SCHEDULES } from '../policy/benefit-schedules.ts';
import { formatPolicyNumber } from '../policy/numbering.ts';
import { composeRenewalMail } from '../renewal/renewal-mail.ts';
import {
  hasDocument,
  numberingLetter,
  PRODUCT_CATALOGUE,
  PRODUCT_TYPES,
  productName,
  productOfDocumentKey,
  productWord,
  SCRIPTS,
  scriptFor,
} from './product-catalogue.ts';

const today = localDate(2026, 11, 23);

describe('the product catalogue (decision 047)', () => {
  it('names every product in every script, Chinese without the English brand', () => {
    expect(Object.keys(PRODUCT_CATALOGUE).sort()).toEqual([...PRODUCT_TYPES].sort());
    for (const product of PRODUCT_TYPES) {
      for (const script of SCRIPTS) {
        expect(productName(product, script).trim()).not.toBe('');
        expect(productWord(product, script).trim()).not.toBe('');
      }
      expect(productName(product, 'en')).toMatch(/^Lionrock .+ Insurance$/);
      expect(productName(product, 'zh-Hans')).toMatch(/^狮石.+保险$/);
      expect(productName(product, 'zh-Hant')).toMatch(/^獅石.+保險$/);
      // The Hong Kong text is the Singapore text in Traditional characters, as the schedule converts it.
      expect(productName(product, 'zh-Hant')).toBe(hongKongChinese(productName(product, 'zh-Hans')));
      expect(productWord(product, 'zh-Hant')).toBe(hongKongChinese(productWord(product, 'zh-Hans')));
    }
    expect(productWord('PAN', 'zh-Hant')).toBe('個人意外保險');
  });

  it('gives each product its own numbering letter and document key', () => {
    expect(PRODUCT_TYPES.map(numberingLetter)).toEqual(['T', 'A', 'H']);
    expect(new Set(PRODUCT_TYPES.map((product) => PRODUCT_CATALOGUE[product].documentKey)).size).toBe(3);
    for (const key of DOCUMENT_PRODUCTS)
      expect(PRODUCT_CATALOGUE[productOfDocumentKey(key)].documentKey).toBe(key);
  });

  it('lists only documents that have a wording, and travel alone has the COVID-19 extension', () => {
    for (const key of DOCUMENT_PRODUCTS) {
      for (const kind of DOCUMENT_KINDS) {
        if (hasDocument(key, kind))
          expect(
            documentSections(key, kind, 'SGP', BUNDLED_BENEFIT_SCHEDULES, BUNDLED_DOCUMENT_RATES).length,
          ).toBeGreaterThan(0);
      }
    }
    expect(hasDocument('travel', 'covid19Wording')).toBe(true);
    expect(hasDocument('pa', 'covid19Wording')).toBe(false);
    expect(hasDocument('home', 'covid19Wording')).toBe(false);
  });

  it('writes to a customer in English, or in the Chinese of the policy’s market', () => {
    expect(scriptFor('en', 'HKG')).toBe('en');
    expect(scriptFor('zh', 'SGP')).toBe('zh-Hans');
    expect(scriptFor('zh', 'HKG')).toBe('zh-Hant');
  });

  it('is where the policy e-mail and the renewal e-mail take a Hong Kong PA policy’s name from', () => {
    const context: TRatingContext = {
      tables: { travel: TRAVEL_RATE_TABLES, pa: PA_RATE_TABLE, home: HOME_RATE_TABLE },
      seniorLoadingOn: true,
      discounts: {},
    };
    const policy = parsePolicy(
      buildPaPolicy(today, { country: 'HKG', policyPAN: { selectedPlan: 'B' } } as Partial<TPolicyInput>),
    );
    const rated = ratePolicy(policy, context, 'plans');
    if ('refused' in rated) throw new Error(`refused: ${rated.refused}`);
    const selected = rated.items.find((item) => item.planName === 'B')!;
    const document = withRating(policy, rated, { mode: 'plans', selected });
    const policyNumber = formatPolicyNumber('PAN', 'HKG', 2026, 42);
    expect(policyNumber).toBe('AHK26-0000042');

    const mail = composePolicyMail(
      { document, policyNumber, receiptNumber: 'RHK26-0000042', issuedAt: new Date(), language: 'zh' },
      { role: 'applicant', scheduleUrl: 'https://hk.lionrock.example/s' },
    );
    expect(mail.subject).toBe('您的獅石個人意外保險保單 AHK26-0000042');
    expect(mail.text).toContain('您的個人意外保險保單已經簽發。');
    expect(mail.text).toContain(`產品：${productName('PAN', 'zh-Hant')}`);
    expect(mail.text).toContain('產品：獅石個人意外保險');

    const renewal = composeRenewalMail('renewal-notice', document, {
      turnOffUrl: 'https://hk.lionrock.example/r',
      language: 'zh',
      facts: {
        policyNumber,
        expiryDate: '23/11/2027',
        renewalStart: '24/11/2027',
        renewalEnd: '23/11/2028',
        chargeDate: '09/11/2027',
        amountCents: 12_345,
        cardLast4: '1111',
        cardExpiry: '12/2030',
      },
    });
    expect(renewal.subject).toBe('您的獅石個人意外保險保單 AHK26-0000042 將自動續保');
  });
});
