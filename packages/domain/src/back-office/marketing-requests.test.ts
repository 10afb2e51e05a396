import { describe, expect, it } from 'vitest';
import { VALID_CAMPAIGN } from './campaign-rules.fixtures.ts';
import { campaignErrors, type TCampaignInput } from './campaign-rules.ts';
import {
  base64Bytes,
  ZCampaignCodeAdd,
  ZCampaignCodesAdd,
  ZCampaignCodesMake,
  ZCampaignImageUpload,
  ZCampaignRequest,
} from './marketing-requests.ts';

/** The fields a request is refused on, each once, in the order found. */
function refusedFields(schema: { safeParse: (value: unknown) => { error?: unknown } }, value: unknown) {
  const error = schema.safeParse(value).error as { issues: { path: PropertyKey[] }[] } | undefined;
  return [...new Set((error?.issues ?? []).map((issue) => issue.path.join('.')))];
}

describe('a campaign request (create or edit)', () => {
  it('passes whole, the code in capitals and the name trimmed', () => {
    expect(
      ZCampaignRequest.parse({ ...VALID_CAMPAIGN, campaignCode: ' spring27 ', campaignName: ' Spring ' }),
    ).toEqual({
      ...VALID_CAMPAIGN,
      campaignName: 'Spring',
    });
  });

  it('refuses each field at its bound, and every broken field at once', () => {
    const refused = (change: Partial<Record<keyof TCampaignInput, unknown>>) =>
      refusedFields(ZCampaignRequest, { ...VALID_CAMPAIGN, ...change });
    expect(refused({ campaignCode: 'AB' })).toEqual(['campaignCode']);
    expect(refused({ campaignCode: 'A'.repeat(20) })).toEqual([]);
    expect(refused({ campaignCode: 'A'.repeat(21) })).toEqual(['campaignCode']);
    expect(refused({ campaignName: 'x'.repeat(100) })).toEqual([]);
    expect(refused({ campaignName: 'x'.repeat(101) })).toEqual(['campaignName']);
    expect(refused({ marketingMessage: 'x'.repeat(300) })).toEqual([]);
    expect(refused({ marketingMessage: 'x'.repeat(301) })).toEqual(['marketingMessage']);
    expect(refused({ termsConditionsEn: 'x'.repeat(4000) })).toEqual([]);
    expect(refused({ termsConditionsEn: 'x'.repeat(4001) })).toEqual(['termsConditionsEn']);
    expect(refused({ discountValue: 5000 })).toEqual([]);
    expect(refused({ discountValue: 5001 })).toEqual(['discountValue']);
    expect(refused({ discountType: 'AMOUNT', discountValue: 50_000 })).toEqual([]);
    expect(refused({ discountType: 'AMOUNT', discountValue: 50_001 })).toEqual(['discountValue']);
    expect(refused({ discountValue: -1 })).toEqual(['discountValue']);
    expect(refused({ discountValue: 10.5 })).toEqual(['discountValue']);
    expect(refused({ discountValue: Number.NaN })).toEqual(['discountValue']);
    expect(refused({ voucherCents: 0, voucherDescription: 'x' })).toEqual(['voucherCents']);
    expect(
      refused({
        campaignCode: 'spring 27',
        campaignName: ' ',
        startDate: '2027-02-30',
        endDate: '2027-13-01',
        discountValue: Number.NaN,
        termsConditionsEn: ' ',
        termsConditionsCn: '',
        promoCodeDescription: '',
        voucherCents: 1500,
      }),
    ).toEqual([
      'campaignCode',
      'campaignName',
      'startDate',
      'endDate',
      'discountValue',
      'termsConditionsEn',
      'termsConditionsCn',
      'promoCodeDescription',
      'voucherDescription',
    ]);
  });

  it('refuses a last day before the first, with the discount too large for its kind', () => {
    const error = ZCampaignRequest.safeParse({
      ...VALID_CAMPAIGN,
      endDate: '2027-02-28',
      discountValue: 6000,
    }).error;
    expect(error?.issues.map((issue) => [issue.path.join('.'), issue.code])).toEqual([
      ['endDate', 'custom'],
      ['discountValue', 'too_big'],
    ]);
    expect(error?.issues[1]).toMatchObject({ maximum: 5000 });
  });

  it("refuses what the service's campaign rules refuse, on the same fields", () => {
    const cases: Partial<TCampaignInput>[] = [
      {},
      { campaignCode: 'spring 27', campaignName: ' ', endDate: '2027-02-28', termsConditionsEn: '' },
      { startDate: '2027-02-30', endDate: '2027-13-01' },
      { discountValue: 5001 },
      { discountType: 'AMOUNT', discountValue: 50_001 },
      { voucherCents: 15_000 },
      { voucherCents: 15_000, voucherDescription: 'Supermarket voucher' },
      { promoCodeRequired: false, promoCodeDescription: '' },
      { promoCodeDescription: ' ' },
    ];
    for (const change of cases) {
      const input = { ...VALID_CAMPAIGN, ...change };
      expect(refusedFields(ZCampaignRequest, input).sort()).toEqual(
        Object.keys(campaignErrors(input)).sort(),
      );
    }
  });
});

describe('codes added to a campaign', () => {
  it('makes 1 to 5000 codes with a prefix of up to 4 capitals or digits', () => {
    expect(ZCampaignCodesMake.parse({ count: 5000, prefix: ' sp27 ' })).toEqual({
      count: 5000,
      prefix: 'SP27',
    });
    expect(ZCampaignCodesMake.parse({ count: 1 })).toEqual({ count: 1, prefix: '' });
    expect(refusedFields(ZCampaignCodesMake, { count: 0 })).toEqual(['count']);
    expect(refusedFields(ZCampaignCodesMake, { count: 5001 })).toEqual(['count']);
    expect(refusedFields(ZCampaignCodesMake, { count: 2.5 })).toEqual(['count']);
    expect(refusedFields(ZCampaignCodesMake, { count: 10, prefix: 'SPRNG' })).toEqual(['prefix']);
  });

  it('takes a typed code of 3 to 10 capitals or digits', () => {
    expect(ZCampaignCodeAdd.parse({ code: ' summer10 ' })).toEqual({ code: 'SUMMER10' });
    expect(refusedFields(ZCampaignCodeAdd, { code: 'AB' })).toEqual(['code']);
    expect(refusedFields(ZCampaignCodeAdd, { code: 'A'.repeat(10) })).toEqual([]);
    expect(refusedFields(ZCampaignCodeAdd, { code: 'A'.repeat(11) })).toEqual(['code']);
  });

  it('names the broken field of either kind, never the whole body', () => {
    expect(ZCampaignCodesAdd.parse({ count: 25, prefix: 'SP' })).toEqual({ count: 25, prefix: 'SP' });
    expect(ZCampaignCodesAdd.parse({ code: 'SUMMER10' })).toEqual({ code: 'SUMMER10' });
    expect(refusedFields(ZCampaignCodesAdd, { code: '=HYPERLINK("x")' })).toEqual(['code']);
    expect(refusedFields(ZCampaignCodesAdd, { count: 25, prefix: '=1' })).toEqual(['prefix']);
  });
});

/** The base64 of `bytes` zero bytes (the domain runs without Node's Buffer). */
const zeros = (bytes: number) => 'A'.repeat(4 * Math.floor(bytes / 3)) + ['', 'AA==', 'AAA='][bytes % 3];

describe("a campaign's image", () => {
  const upload = (bytes: number, contentType = 'image/png') => ({
    contentType,
    dataBase64: zeros(bytes),
    fileName: 'banner.png',
  });

  it('takes a PNG or JPEG of at most 500 kB', () => {
    expect(refusedFields(ZCampaignImageUpload, upload(500 * 1024))).toEqual([]);
    expect(refusedFields(ZCampaignImageUpload, upload(10, 'IMAGE/JPEG'))).toEqual([]);
    expect(refusedFields(ZCampaignImageUpload, upload(500 * 1024 + 1))).toEqual(['dataBase64']);
    expect(refusedFields(ZCampaignImageUpload, upload(10, 'image/svg+xml'))).toEqual(['contentType']);
    expect(refusedFields(ZCampaignImageUpload, { contentType: 'image/png', dataBase64: '' })).toEqual([
      'dataBase64',
    ]);
    expect(refusedFields(ZCampaignImageUpload, { contentType: 'image/png', dataBase64: 'a b' })).toEqual([
      'dataBase64',
    ]);
  });

  it('counts the bytes base64 decodes to', () => {
    for (const bytes of [0, 1, 2, 3, 4, 5, 500 * 1024]) expect(base64Bytes(zeros(bytes))).toBe(bytes);
    expect(base64Bytes('AAAAAA')).toBe(4);
  });
});
