import { localDate } from '@lionrock/domain/dates/local-date';
import { formatMoney } from '@lionrock/domain/money/money';
import { maskIdNumber, periodOfInsurance } from '@lionrock/domain/policy/policy-facts';
import { ratePolicy, type TRatingContext, withRating } from '@lionrock/domain/policy/rate-policy';
import {
  HOME_RATE_TABLE,
  PA_RATE_TABLE,
  TRAVEL_RATE_TABLES,
} from '@lionrock/domain/rating/bundled-rate-tables';
import type { TDiscountInput } from '@lionrock/domain/rating/discounts';
import {
  buildHomePolicy,
  buildPaPolicy,
  buildTravelPolicy,
  parsePolicy,
} from '@lionrock/domain/schemas/fixtures';
import type { TPolicyInput } from '@lionrock/domain/schemas/policy-schema';
import { wireToCents } from '@lionrock/domain/schemas/wire-primitives';
import { describe, expect, it } from 'vitest';
import {
  renderPolicySchedule,
  scheduleFileName,
  type TIssuedPolicy,
  taxLabel,
} from '../src/modules/document/policy-schedule.ts';
import { BUNDLED_BENEFIT_SCHEDULES } from '../src/modules/policy/benefit-schedules.ts';
import { BUNDLED_DOCUMENT_RATES } from './helpers/bundled-document-rates.ts';
import { pdfText } from './helpers/pdf-text.ts';

const today = localDate(2026, 11, 23);
const issuedAt = new Date('2026-11-23T02:30:00Z');
const context: TRatingContext = {
  tables: { travel: TRAVEL_RATE_TABLES, pa: PA_RATE_TABLE, home: HOME_RATE_TABLE },
  seniorLoadingOn: true,
  discounts: {},
};

/** A paid policy as issuance stores it: rated from the tables with the chosen plan as policyPremium. */
function issued(
  input: TPolicyInput,
  planName: string,
  options: { discounts?: TDiscountInput; policyNumber?: string; receiptNumber?: string } = {},
): TIssuedPolicy {
  const policy = parsePolicy(input);
  const rated = ratePolicy(policy, { ...context, discounts: options.discounts ?? {} }, 'plans');
  if ('refused' in rated) throw new Error(`refused: ${rated.refused}`);
  const selected = rated.items.find((item) => item.planName === planName);
  if (!selected) throw new Error(`no plan ${planName}`);
  const document = withRating(policy, rated, { mode: 'plans', selected });
  return {
    document: { ...document, status: 'issued', paymentSuccess: 'true' },
    policyNumber: options.policyNumber ?? 'TSG26-0001234',
    receiptNumber: options.receiptNumber ?? 'RSG26-0000815',
    issuedAt,
    language: 'en',
  };
}

const travelIndividual = () => issued(buildTravelPolicy(today), 'SUPER');

const travelFamily = () =>
  issued(
    buildTravelPolicy(today, {
      country: 'HKG',
      policyTravel: {
        travellerType: 'FM',
        travellerIndividual: 0,
        travellerAdult: 2,
        travellerChild: 2,
        journey: 'Worldwide',
        journeyCode: '3',
        applicant: {
          clientType: 'P',
          fullName: 'CHAN TAI MAN',
          dateOfBirth: '01/01/1980',
          idType: 'HKID',
          hkId: 'A123456(3)',
          mobileNoCountryCode: '852',
          mobileNo: '91234567',
          email: 'TM.CHAN@EXAMPLE.COM',
        },
        travellersList: [
          {
            type: 'ADULT',
            fullName: 'CHAN TAI MAN',
            idType: 'HKID',
            hkId: 'A123456(3)',
            dateOfBirth: '01/01/1980',
          },
          {
            type: 'ADULT',
            fullName: 'WONG MEI YEE',
            idType: 'HKID',
            hkId: 'C668668(E)',
            dateOfBirth: '02/02/1982',
          },
          {
            type: 'CHILD',
            fullName: 'CHAN SIU MING',
            idType: 'HKID',
            hkId: 'Y1234560',
            dateOfBirth: '03/03/2014',
          },
          {
            type: 'CHILD',
            fullName: 'CHAN SIU WAI',
            idType: 'PASSPORT',
            hkId: 'K12345678',
            dateOfBirth: '04/04/2016',
          },
        ],
      },
    } as Partial<TPolicyInput>),
    'STANDARD',
    {
      discounts: { campaign: { type: 'PERCENT', basisPoints: 1000 } },
      policyNumber: 'THK26-0000042',
      receiptNumber: 'RHK26-0000043',
    },
  );

const paFamily = () =>
  issued(
    buildPaPolicy(today, {
      policyPAN: {
        selectedPlan: 'B',
        insuredPersonType: 'family',
        family: { numberOfAdults: 2, noOfChildren: 1 },
        insured: {
          adult1: {
            lastName: 'LIM MEI LING',
            idType: 'NRIC',
            hkId: 'S7812345A',
            dateOfBirth: '02/03/1978',
            occupation: '05',
            optionalCovers: ['TTD'],
          },
          adult2: {
            lastName: 'ONG BOON HUAT',
            idType: 'NRIC',
            hkId: 'S7654321B',
            dateOfBirth: '05/06/1976',
            occupation: '05',
          },
          children: [
            { lastName: 'ONG XIN YI', idType: 'NRIC', hkId: 'T1234567J', dateOfBirth: '07/08/2015' },
          ],
        },
      },
    } as Partial<TPolicyInput>),
    'B',
    { policyNumber: 'PSG26-0000007' },
  );

const homeHongKong = () =>
  issued(
    buildHomePolicy(today, {
      country: 'HKG',
      policyHome: {
        selectedPlan: 'ENHANCED',
        blockOrHouseNo: 'Flat 12A, Tower 3',
        streetName: '18 Harbour Road',
        unitNo: '',
        postalCode: '',
        contentsSumInsured: 500_000,
        applicant: {
          clientType: 'P',
          fullName: 'CHEUNG KA YAN',
          dateOfBirth: '09/09/1975',
          idType: 'HKID',
          hkId: 'AB987654(1)',
          mobileNoCountryCode: '852',
          mobileNo: '61234567',
          email: 'KY.CHEUNG@EXAMPLE.COM',
        },
      },
    } as Partial<TPolicyInput>),
    'ENHANCED',
    { policyNumber: 'HHK26-0000099' },
  );

function expectNoFullId(pdf: Buffer, text: string, ids: string[]) {
  const raw = pdf.toString('latin1');
  for (const id of ids) {
    const bare = id.replace(/[()]/g, '');
    expect(text).not.toContain(id);
    expect(text).not.toContain(bare);
    expect(raw).not.toContain(id);
    expect(raw).not.toContain(bare);
  }
}

describe('maskIdNumber', () => {
  it('keeps the first character and the last four, with four asterisks between', () => {
    expect(maskIdNumber('S1234567D')).toBe('S****567D');
    expect(maskIdNumber('s8512345i')).toBe('S****345I');
    expect(maskIdNumber('A123456(3)')).toBe('A****4563');
    expect(maskIdNumber('AB987654(1)')).toBe('A****6541');
    expect(maskIdNumber(' K 1234 5678 ')).toBe('K****5678');
    expect(maskIdNumber('E12345678901234')).toBe('E****1234');
  });

  it('shows only the first character of a number too short to hide enough of, and nothing of an empty one', () => {
    expect(maskIdNumber('AB1234')).toBe('A****');
    expect(maskIdNumber('X')).toBe('X****');
    expect(maskIdNumber('')).toBe('');
    expect(maskIdNumber('  ')).toBe('');
  });
});

describe('schedule helpers', () => {
  it('names the file after the policy number', () => {
    expect(scheduleFileName('TSG26-0001234')).toBe('policy-schedule-TSG26-0001234.pdf');
    expect(scheduleFileName('../x y')).toBe('policy-schedule-___x_y.pdf');
  });

  it('labels the tax from the tax table', () => {
    expect(taxLabel('SGP', 'PAN')).toBe('GST 9%');
    expect(taxLabel('SGP', 'PTR')).toBe('GST 0% (outbound travel is zero-rated)');
    expect(taxLabel('HKG', 'PHM')).toBe('IA levy 0.1%');
  });

  it('derives an expiry the stored policy lacks', () => {
    const pa = parsePolicy(buildPaPolicy(today));
    expect(periodOfInsurance(pa)).toEqual({ start: '24/11/2026', end: '23/11/2027' });
    const home = parsePolicy(buildHomePolicy(today));
    expect(periodOfInsurance(home)).toEqual({ start: '24/11/2026', end: '23/11/2027' });
    const annual = parsePolicy(
      buildTravelPolicy(today, {
        policyTravel: { paPolicyType: 'A', returnDate: '' },
      } as Partial<TPolicyInput>),
    );
    expect(periodOfInsurance(annual)).toEqual({ start: '07/12/2026', end: '06/12/2027' });
  });
});

describe('renderPolicySchedule', () => {
  it('draws a Singapore single-trip travel policy for one person', async () => {
    const policy = travelIndividual();
    const pdf = await renderPolicySchedule(policy, BUNDLED_BENEFIT_SCHEDULES, BUNDLED_DOCUMENT_RATES);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    expect(text).toContain('Lionrock Insurance');
    expect(text).toContain('Policy Schedule');
    expect(text).toContain('Lionrock Travel Insurance');
    expect(text).toContain('Singapore');
    expect(text).toContain('TSG26-0001234');
    expect(text).toContain('RSG26-0000815');
    expect(text).toContain('23/11/2026');
    expect(text).toContain('TAN WEI MING');
    expect(text).toContain('WEIMING.TAN@EXAMPLE.COM');
    expect(text).toContain('+65 91234567');
    expect(text).toContain('NRIC/FIN S****345I');
    expectNoFullId(pdf, text, ['S8512345I']);
    // The plan named once, by its name, never by its rating code (issue 29).
    expect(text).toContain('Plan Super Cover type');
    expect(text).not.toContain('TSG-SUP');
    expect(text).toContain('Single trip, individual (1 traveller)');
    expect(text).toContain('07/12/2026 to 13/12/2026');
    expect(text).toContain('Asia Pacific (excl. Sanctioned)');
    // The Super column of the Singapore schedule: medical S$1,000,000.00, double indemnity covered.
    expect(text).toContain('Medical and additional expenses');
    expect(text).toContain('S$1,000,000.00');
    const total = wireToCents(policy.document.policyTravel!.policyPremium!.totalPremium);
    expect(text).toContain(`Total paid ${formatMoney(total, 'SGP')}`);
    expect(text).toContain('GST 0% (outbound travel is zero-rated)');
    expect(text).toContain('S$0.00');
    expect(text).toMatch(/Page 1 of \d/);
  });

  it("prints the market's 24-hour assistance line that the contact page promises (decision 042)", async () => {
    const singapore = pdfText(
      await renderPolicySchedule(travelIndividual(), BUNDLED_BENEFIT_SCHEDULES, BUNDLED_DOCUMENT_RATES),
    );
    expect(singapore).toContain('24-hour emergency assistance, from anywhere in the world: +65 6200 0911');
    const hongKong = pdfText(
      await renderPolicySchedule(travelFamily(), BUNDLED_BENEFIT_SCHEDULES, BUNDLED_DOCUMENT_RATES),
    );
    expect(hongKong).toContain('24-hour emergency assistance, from anywhere in the world: +852 2100 0911');
    expect(hongKong).not.toContain('+65 6200 0911');
    const chinese = travelFamily();
    chinese.language = 'zh';
    expect(
      pdfText(await renderPolicySchedule(chinese, BUNDLED_BENEFIT_SCHEDULES, BUNDLED_DOCUMENT_RATES)),
    ).toContain('24小時全球緊急援助熱線：+852 2100 0911');
  });

  it('draws a Hong Kong family travel policy with its discount and levy', async () => {
    const policy = travelFamily();
    const pdf = await renderPolicySchedule(policy, BUNDLED_BENEFIT_SCHEDULES, BUNDLED_DOCUMENT_RATES);
    const text = pdfText(pdf);
    const premium = policy.document.policyTravel!.policyPremium!;
    expect(text).toContain('THK26-0000042');
    expect(text).toContain('RHK26-0000043');
    expect(text).toContain('Hong Kong');
    expect(text).toContain('CHAN TAI MAN');
    expect(text).toContain('WONG MEI YEE');
    expect(text).toContain('CHAN SIU WAI');
    expect(text).toContain('HKID A****4563');
    expect(text).toContain('HKID C****668E');
    expect(text).toContain('HKID Y****4560');
    expect(text).toContain('Passport K****5678');
    expectNoFullId(pdf, text, ['A123456(3)', 'C668668(E)', 'Y1234560', 'K12345678']);
    expect(text).toContain('Standard');
    expect(text).toContain('Single trip, family (2 adults, 2 children)');
    expect(text).toContain('Worldwide');
    expect(premium.campaignDiscount).toBeGreaterThan(0);
    expect(text).toContain('Campaign and promotion discount');
    const money = (amount: number | undefined) => formatMoney(wireToCents(amount ?? 0), 'HKG');
    expect(text).toContain(`Premium before discount ${money(premium.premiumWithoutDiscount)}`);
    expect(text).toContain(`Campaign and promotion discount -${money(premium.campaignDiscount)}`);
    expect(text).toContain(`Premium after discount ${money(premium.premium)}`);
    expect(text).toContain(`IA levy 0.1% ${money(premium.levy)}`);
    expect(text).toContain(`Total paid ${money(premium.totalPremium)}`);
    const premiumSection = text.slice(text.indexOf('Premium before discount'));
    expect(premiumSection.replaceAll('HK$', '')).not.toContain('S$');
    expect(text).not.toContain('GST');
  });

  it('draws a personal accident family policy with each insured, the plan sums and 9 % GST', async () => {
    const policy = paFamily();
    const pdf = await renderPolicySchedule(policy, BUNDLED_BENEFIT_SCHEDULES, BUNDLED_DOCUMENT_RATES);
    const text = pdfText(pdf);
    const premium = policy.document.policyPAN!.policyPremium!;
    expect(text).toContain('Lionrock Personal Accident Insurance');
    expect(text).toContain('PSG26-0000007');
    expect(text).toContain('LIM MEI LING');
    expect(text).toContain('ONG BOON HUAT');
    expect(text).toContain('ONG XIN YI');
    expect(text).toContain('NRIC/FIN S****345A');
    expect(text).toContain('NRIC/FIN T****567J');
    expectNoFullId(pdf, text, ['S7812345A', 'S7654321B', 'T1234567J']);
    expect(text).toContain('Plan B');
    expect(text).toContain('Annual, family (2 adults, 1 child)');
    expect(text).toContain('24/11/2026 to 23/11/2027');
    expect(text).toContain('Temporary Total Disablement');
    expect(text).toContain('Accidental death and permanent disablement');
    expect(text).toContain('S$200,000.00');
    expect(text).toContain('Family discount');
    const money = (amount: number | undefined) => formatMoney(wireToCents(amount ?? 0), 'SGP');
    expect(premium.groupDiscount).toBeGreaterThan(0);
    expect(text).toContain(`Family discount -${money(premium.groupDiscount)}`);
    expect(text).toContain(`GST 9% ${money(premium.gst)}`);
    expect(text).toContain(`Total paid ${money(premium.totalPremium)}`);
    expect(text).not.toContain('IA levy');
  });

  it('draws a Hong Kong home policy with the property, contents and levy', async () => {
    const policy = homeHongKong();
    const pdf = await renderPolicySchedule(policy, BUNDLED_BENEFIT_SCHEDULES, BUNDLED_DOCUMENT_RATES);
    const text = pdfText(pdf);
    const premium = policy.document.policyHome!.policyPremium!;
    expect(text).toContain('Lionrock Home Insurance');
    expect(text).toContain('HHK26-0000099');
    expect(text).toContain('CHEUNG KA YAN');
    expect(text).toContain('HKID A****6541');
    expectNoFullId(pdf, text, ['AB987654(1)']);
    expect(text).toContain('Plan Enhanced Cover type');
    expect(text).not.toContain('HM-ENH');
    expect(text).toContain('Flat 12A, Tower 3, 18 Harbour Road, Hong Kong');
    expect(text).toContain('Annual, Public housing flat, owner');
    expect(text).toContain('HK$500,000.00');
    expect(text).toContain('24/11/2026 to 23/11/2027');
    expect(text).toContain('IA levy 0.1%');
    const money = (amount: number | undefined) => formatMoney(wireToCents(amount ?? 0), 'HKG');
    expect(text).toContain(`IA levy 0.1% ${money(premium.levy)}`);
    expect(text).toContain(`Total paid ${money(premium.totalPremium)}`);
    expect(money(premium.totalPremium)).toMatch(/^HK\$\d{1,3}(,\d{3})*\.\d{2}$/);
  });

  it('draws a Singapore home policy with its address and 9 % GST', async () => {
    const policy = issued(
      buildHomePolicy(today, { policyHome: { selectedPlan: 'PRESTIGE' } } as Partial<TPolicyInput>),
      'PRESTIGE',
    );
    const text = pdfText(
      await renderPolicySchedule(policy, BUNDLED_BENEFIT_SCHEDULES, BUNDLED_DOCUMENT_RATES),
    );
    const premium = policy.document.policyHome!.policyPremium!;
    expect(text).toContain('123 Tampines Street 11, #08-123, Singapore 521123');
    expect(text).toContain('Annual, 4-room HDB flat, owner');
    expect(text).toContain('NRIC/FIN S****345I');
    expect(text).toContain('Prestige');
    // Prestige includes S$100,000 of contents, more than the S$40,000 asked for.
    expect(text).toContain('Household contents S$100,000.00');
    expect(text).toContain(`GST 9% ${formatMoney(wireToCents(premium.gst!), 'SGP')}`);
  });

  it('shows a corporate policyholder by company name and UEN', async () => {
    const policy = issued(
      buildTravelPolicy(today, {
        policyTravel: {
          applicant: {
            clientType: 'C',
            fullName: 'ACME TRADING PTE LTD',
            uen: '201912345K',
            forAttentionOf: 'JANE TAN',
            mobileNoCountryCode: '65',
            mobileNo: '62345678',
            email: 'TRAVEL@ACME.EXAMPLE',
          },
        },
      } as Partial<TPolicyInput>),
      'STANDARD',
    );
    const text = pdfText(
      await renderPolicySchedule(policy, BUNDLED_BENEFIT_SCHEDULES, BUNDLED_DOCUMENT_RATES),
    );
    expect(text).toContain('Company name');
    expect(text).toContain('ACME TRADING PTE LTD');
    expect(text).toContain('UEN');
    expect(text).toContain('201912345K');
    expect(text).toContain('JANE TAN');
    expect(text).toContain('TAN WEI MING');
  });

  it('numbers every page and gives the same bytes for the same issued policy', async () => {
    const policy = travelFamily();
    const first = await renderPolicySchedule(policy, BUNDLED_BENEFIT_SCHEDULES, BUNDLED_DOCUMENT_RATES);
    const text = pdfText(first);
    const pages = Number(/Page 1 of (\d+)/.exec(text)?.[1]);
    expect(pages).toBeGreaterThanOrEqual(2);
    for (let page = 1; page <= pages; page += 1) expect(text).toContain(`Page ${page} of ${pages}`);
    expect(text).toContain('Lionrock Insurance · Policy Schedule THK26-0000042'.replace('·', '\u00b7'));
    expect(
      (await renderPolicySchedule(policy, BUNDLED_BENEFIT_SCHEDULES, BUNDLED_DOCUMENT_RATES)).equals(first),
    ).toBe(true);
    expect(first.toString('latin1')).toContain('Policy Schedule THK26-0000042');
  });

  it('prints Chinese, accented and Hong Kong supplementary names and addresses as typed, in embedded subset fonts', async () => {
    // What customers type: Traditional and Simplified names, accented Latin (Latin-1, Extended A and
    // Vietnamese), and a Hong Kong address with an Extension B character (𨋢, a lift).
    const names = ['陳大文', '张伟', 'José Núñez', 'Łukasz Wróbel', 'Nguyễn Văn Ánh', 'Chan Tai-man 陳大文'];
    const policy = travelFamily();
    const travellers = policy.document.policyTravel!.travellersList;
    policy.document.policyTravel!.applicant!.fullName = names[0]!;
    names.slice(0, 4).forEach((name, index) => {
      travellers[index]!.fullName = name;
    });
    const home = homeHongKong();
    home.document.policyHome!.blockOrHouseNo = '香港九龍彌敦道123號';
    home.document.policyHome!.streetName = '𨋢大廈';
    home.document.policyHome!.applicant!.fullName = names[4]!;
    const other = travelIndividual();
    other.document.policyTravel!.applicant!.fullName = names[5]!;

    const pdfs = [
      await renderPolicySchedule(policy, BUNDLED_BENEFIT_SCHEDULES, BUNDLED_DOCUMENT_RATES),
      await renderPolicySchedule(home, BUNDLED_BENEFIT_SCHEDULES, BUNDLED_DOCUMENT_RATES),
      await renderPolicySchedule(other, BUNDLED_BENEFIT_SCHEDULES, BUNDLED_DOCUMENT_RATES),
    ];
    const text = pdfs.map(pdfText).join(' ');
    for (const name of names) expect(text).toContain(name);
    expect(text).toContain('香港九龍彌敦道123號, 𨋢大廈, Hong Kong');
    for (const pdf of pdfs) {
      const raw = pdf.toString('latin1');
      // Only embedded subsets (a six-letter tag before the name), never a standard font without Chinese.
      expect(raw).not.toMatch(/\/BaseFont \/(Helvetica|Times|Courier)/);
      expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSans-Regular/);
      expect(pdf.length).toBeLessThan(250_000);
    }
    expect(pdfs[0]!.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansHant-Regular/);
  });

  it("draws a Chinese journey's schedule in Simplified Chinese for Singapore", async () => {
    const policy = travelIndividual();
    policy.language = 'zh';
    policy.document.policyTravel!.applicant!.fullName = '张伟';
    policy.document.policyTravel!.travellersList[0]!.fullName = '张伟';
    const text = pdfText(
      await renderPolicySchedule(policy, BUNDLED_BENEFIT_SCHEDULES, BUNDLED_DOCUMENT_RATES),
    );
    const premium = policy.document.policyTravel!.policyPremium!;
    for (const words of [
      '狮石保险',
      '保单附表',
      '狮石旅游保险',
      '保单号码 TSG26-0001234',
      '签发日期 23/11/2026',
    ]) {
      expect(text).toContain(words);
    }
    expect(text).toContain('计划 尊尚');
    expect(text).toContain('保障类别 单次旅程，个人（1名旅客）');
    expect(text).toContain('保险期间 07/12/2026至13/12/2026（首尾两日包括在内）');
    expect(text).toContain('目的地 亚太地区（受制裁国家除外）');
    expect(text).toContain('姓名 张伟');
    expect(text).toContain('身份证/FIN S****345I');
    expect(text).toContain('医疗及额外费用');
    expect(text).toContain(`已付总额 ${formatMoney(wireToCents(premium.totalPremium), 'SGP')}`);
    expect(text).toContain('消费税0%（出境旅游为零税率）');
    expect(text).toMatch(/第1页，共\d页/);
    expect(text).not.toContain('Policy number');
    expect(text).not.toContain('Medical and additional expenses');
  });

  it("draws a Chinese journey's schedule in Traditional Chinese for Hong Kong", async () => {
    const travel = travelFamily();
    travel.language = 'zh';
    travel.document.policyTravel!.applicant!.fullName = '陳大文';
    travel.document.policyTravel!.travellersList[0]!.fullName = '陳大文';
    const travelText = pdfText(
      await renderPolicySchedule(travel, BUNDLED_BENEFIT_SCHEDULES, BUNDLED_DOCUMENT_RATES),
    );
    expect(travelText).toContain('保單附表');
    expect(travelText).toContain('保單號碼 THK26-0000042');
    expect(travelText).toContain('陳大文');
    expect(travelText).toContain('目的地 全球（受制裁國家除外）');
    expect(travelText).toContain('香港身份證 A****4563');
    expect(travelText).toContain('醫療及額外費用');
    expect(travelText).toContain('保險業監管局徵費0.1%');
    expect(travelText).not.toContain('保单');

    const home = homeHongKong();
    home.language = 'zh';
    home.document.policyHome!.blockOrHouseNo = '香港九龍彌敦道123號';
    home.document.policyHome!.streetName = '';
    const homeText = pdfText(
      await renderPolicySchedule(home, BUNDLED_BENEFIT_SCHEDULES, BUNDLED_DOCUMENT_RATES),
    );
    expect(homeText).toContain('受保地址 香港九龍彌敦道123號, 香港');
    expect(homeText).toContain('獅石家居保險');
    expect(homeText).toContain('計劃 進階');
  });

  it('rejects a policy with no rated plan', async () => {
    const policy = travelIndividual();
    policy.document.policyTravel!.policyPremium = undefined;
    await expect(
      renderPolicySchedule(policy, BUNDLED_BENEFIT_SCHEDULES, BUNDLED_DOCUMENT_RATES),
    ).rejects.toThrow('no rated plan');
  });
});
