import { localDate } from '@lionrock/domain/dates/local-date';
import { ratePolicy, type TRatingContext, withRating } from '@lionrock/domain/policy/rate-policy';
import {
  HOME_RATE_TABLE,
  PA_RATE_TABLE,
  TRAVEL_RATE_TABLES,
} from '@lionrock/domain/rating/bundled-rate-tables';
import {
  buildHomePolicy,
  buildPaPolicy,
  buildTravelPolicy,
  parsePolicy,
} from '@lionrock/domain/schemas/fixtures';
import type { TPolicyInput } from '@lionrock/domain/schemas/policy-schema';
import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../../lib/escape-html.ts';
import { scrubText } from '../../lib/redaction.ts';
import type { TIssuedPolicy } from '../document/policy-schedule.ts';
import { composePolicyMail, SCHEDULE_LINK_VALID_DAYS, type TPolicyMail } from './policy-mail.ts';

const today = localDate(2026, 11, 23);
const context: TRatingContext = {
  tables: { travel: TRAVEL_RATE_TABLES, pa: PA_RATE_TABLE, home: HOME_RATE_TABLE },
  seniorLoadingOn: true,
  discounts: {},
};
const url =
  'https://sg.lionrock.example/b2c-server/rest/policy/schedule/TSG26-0001234?s=abc&e=1798000000&sig=xyz';

function issued(
  input: TPolicyInput,
  planName: string,
  language: 'en' | 'zh',
  policyNumber: string,
): TIssuedPolicy {
  const policy = parsePolicy(input);
  const rated = ratePolicy(policy, context, 'plans');
  if ('refused' in rated) throw new Error(`refused: ${rated.refused}`);
  const selected = rated.items.find((item) => item.planName === planName)!;
  return {
    document: withRating(policy, rated, { mode: 'plans', selected }),
    policyNumber,
    receiptNumber: 'RSG26-0000815',
    issuedAt: new Date('2026-11-23T02:30:00Z'),
    language,
  };
}

const travel = (language: 'en' | 'zh', overrides: Partial<TPolicyInput> = {}) =>
  issued(buildTravelPolicy(today, overrides), 'SUPER', language, 'TSG26-0001234');
const homeHongKong = (language: 'en' | 'zh') =>
  issued(
    buildHomePolicy(today, {
      country: 'HKG',
      policyHome: {
        selectedPlan: 'ESSENTIAL',
        applicant: {
          fullName: 'CHEUNG KA YAN',
          idType: 'HKID',
          hkId: 'AB987654(1)',
          mobileNoCountryCode: '852',
          mobileNo: '61234567',
          email: 'KY.CHEUNG@EXAMPLE.COM',
        },
      },
    } as Partial<TPolicyInput>),
    'ESSENTIAL',
    language,
    'HHK26-0000099',
  );
const pa = (language: 'en' | 'zh') =>
  issued(
    buildPaPolicy(today, { policyPAN: { selectedPlan: 'C' } } as Partial<TPolicyInput>),
    'C',
    language,
    'PSG26-0000007',
  );

const ID_NUMBERS = ['S8512345I', 'AB987654(1)', 'AB9876541', 'S7812345A', '345I', '6541'];

function expectNoIdNumbers(mail: TPolicyMail) {
  for (const part of [mail.subject, mail.text, mail.html]) {
    for (const id of ID_NUMBERS) expect(part).not.toContain(id);
    expect(scrubText(part)).not.toMatch(/\[(nric|hkid)\]/);
  }
}

describe('composePolicyMail', () => {
  it('writes the applicant an English travel e-mail with the policy, plan, period, total and link', () => {
    const policy = travel('en');
    const total = policy.document.policyTravel!.policyPremium!.totalPremium;
    const mail = composePolicyMail(policy, { role: 'applicant', scheduleUrl: url });
    expect(mail.subject).toBe('Your Lionrock travel policy TSG26-0001234');
    expect(mail.text).toContain('Dear TAN WEI MING,');
    expect(mail.text).toContain('Your travel policy has been issued.');
    expect(mail.text).toContain('Policy number: TSG26-0001234');
    expect(mail.text).toContain('Receipt number: RSG26-0000815');
    expect(mail.text).toContain('Product: Lionrock Travel Insurance');
    expect(mail.text).toContain('Plan: Super\n');
    expect(mail.text).toContain('Period of insurance: 07/12/2026 to 13/12/2026');
    expect(mail.text).toContain(`Total paid: S$${total.toFixed(2)}`);
    expect(mail.text).toContain('attached');
    expect(mail.text).toContain(`valid for ${SCHEDULE_LINK_VALID_DAYS} days`);
    expect(SCHEDULE_LINK_VALID_DAYS).toBe(30);
    expect(mail.text).toContain(url);
    expect(mail.text).toContain('6200 0000');
    expect(mail.html).toContain('<html lang="en"');
    expect(mail.html).toContain(`<a href="${escapeHtml(url)}">`);
    expect(mail.html).toContain('&amp;e=1798000000&amp;sig=xyz');
    expect(mail.html).toContain('TSG26-0001234');
    expect(mail.html).toContain('Dear TAN WEI MING,');
    expectNoIdNumbers(mail);
  });

  it('writes the agent about the client, by the agent name and agency', () => {
    const mail = composePolicyMail(travel('en'), {
      role: 'agent',
      scheduleUrl: url,
      agentName: 'JOHN LEE',
      agencyName: 'Best Cover Agency',
    });
    expect(mail.subject).toBe('Lionrock travel policy TSG26-0001234 issued for your client');
    expect(mail.text).toContain('Dear JOHN LEE,');
    expect(mail.text).toContain('A policy was issued for your client TAN WEI MING.');
    expect(mail.text).not.toContain('Dear TAN WEI MING');
    expect(mail.text).toContain('Agency: Best Cover Agency');
    expect(mail.text).toContain('Policy number: TSG26-0001234');
    expect(mail.html).toContain('A policy was issued for your client TAN WEI MING.');
    expectNoIdNumbers(mail);
    const anonymous = composePolicyMail(travel('en'), { role: 'agent', scheduleUrl: url });
    expect(anonymous.text).toContain('Dear customer,');
    expect(anonymous.text).not.toContain('Agency');
  });

  it("names the agent and its registration number in the applicant's mail when an agent sold it", () => {
    const options = {
      role: 'applicant' as const,
      scheduleUrl: url,
      agentName: 'Tan Wei Ling',
      agencyName: 'Harbourfront Advisers',
      agentRegistrationNo: 'RNF-TWL-1001',
    };
    const mail = composePolicyMail(travel('en'), options);
    expect(mail.text).toContain('Dear TAN WEI MING,');
    expect(mail.text).toContain('Your agent: Tan Wei Ling, Harbourfront Advisers');
    expect(mail.text).toContain('Agent registration no.: RNF-TWL-1001');
    expect(mail.html).toContain('RNF-TWL-1001');
    expect(composePolicyMail(travel('zh'), options).text).toContain('代理注册编号：RNF-TWL-1001');
    const direct = composePolicyMail(travel('en'), { role: 'applicant', scheduleUrl: url });
    expect(direct.text).not.toContain('registration');
  });

  it('writes Chinese in Simplified characters for Singapore', () => {
    const applicant = composePolicyMail(travel('zh'), { role: 'applicant', scheduleUrl: url });
    expect(applicant.subject).toBe('您的狮石旅游保险保单 TSG26-0001234');
    expect(applicant.text).toContain('尊敬的TAN WEI MING：');
    expect(applicant.text).toContain('保单号码：TSG26-0001234');
    expect(applicant.text).toContain('收据号码：RSG26-0000815');
    expect(applicant.text).toContain('保险期间：07/12/2026 至 13/12/2026');
    expect(applicant.text).toContain('已付总额：S$');
    expect(applicant.text).toContain('链接30日内有效');
    expect(applicant.text).toContain('新加坡：6200 0000');
    expect(applicant.text).toContain('24小时海外紧急援助热线：+65 6200 0911');
    expect(applicant.text).not.toMatch(/[單碼鏈聯據額險計產]/);
    expect(applicant.html).toContain('<html lang="zh-Hans"');
    expectNoIdNumbers(applicant);
    const agent = composePolicyMail(travel('zh'), { role: 'agent', scheduleUrl: url, agentName: 'JOHN LEE' });
    expect(agent.subject).toBe('已为您的客户签发狮石旅游保险保单 TSG26-0001234');
    expect(agent.text).toContain('尊敬的JOHN LEE：');
    expect(agent.text).toContain('已为您的客户TAN WEI MING签发保单。');
    expectNoIdNumbers(agent);
  });

  it('writes Chinese in Traditional characters for Hong Kong', () => {
    const policy = homeHongKong('zh');
    const total = policy.document.policyHome!.policyPremium!.totalPremium;
    const applicant = composePolicyMail(policy, { role: 'applicant', scheduleUrl: url });
    expect(applicant.subject).toBe('您的獅石家居保險保單 HHK26-0000099');
    expect(applicant.text).toContain('尊敬的CHEUNG KA YAN：');
    expect(applicant.text).toContain('保單號碼：HHK26-0000099');
    expect(applicant.text).toContain('收據號碼：RSG26-0000815');
    expect(applicant.text).toContain('產品：獅石家居保險');
    expect(applicant.text).toContain('計劃：基本\n');
    expect(applicant.text).not.toContain('HM-ESS');
    expect(applicant.text).toContain('保險期間：24/11/2026 至 23/11/2027');
    expect(applicant.text).toContain(
      `已付總額：HK$${total.toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
    );
    expect(applicant.text).toContain('連結30日內有效');
    expect(applicant.text).toContain('香港：2100 0000');
    // A home policy's help line is the home emergency one, not assistance abroad.
    expect(applicant.text).toContain('24小時家居緊急援助熱線（水電、開鎖）：2100 0922');
    expect(applicant.text).not.toContain('海外緊急援助');
    expect(applicant.text).not.toMatch(/[单码链联据额险计产]/);
    expect(applicant.html).toContain('<html lang="zh-Hant"');
    expectNoIdNumbers(applicant);
    const agent = composePolicyMail(policy, { role: 'agent', scheduleUrl: url, agencyName: 'AGENCY' });
    expect(agent.subject).toBe('已為您的客戶簽發獅石家居保險保單 HHK26-0000099');
    expect(agent.text).toContain('已為您的客戶CHEUNG KA YAN簽發保單。');
    expect(agent.text).toContain('代理機構：AGENCY');
    expect(agent.text).toContain('尊敬的客戶：');
    expectNoIdNumbers(agent);
  });

  it('writes English for Hong Kong and names personal accident', () => {
    const home = composePolicyMail(homeHongKong('en'), { role: 'applicant', scheduleUrl: url });
    expect(home.subject).toBe('Your Lionrock home policy HHK26-0000099');
    expect(home.text).toContain('Total paid: HK$');
    expect(home.text).toContain('direct.hk@lionrock.example');
    expect(home.text).toContain(
      '24-hour home emergency assistance (plumber, electrician, locksmith): 2100 0922',
    );
    expect(home.text).not.toContain('assistance abroad');
    expectNoIdNumbers(home);
    const accident = composePolicyMail(pa('en'), { role: 'applicant', scheduleUrl: url });
    expect(accident.subject).toBe('Your Lionrock personal accident policy PSG26-0000007');
    expect(accident.text).toContain('Dear LIM MEI LING,');
    expect(accident.text).toContain('Plan: Plan C\n');
    expect(accident.text).toContain('Period of insurance: 24/11/2026 to 23/11/2027');
    expect(accident.text).toContain('To make a claim: claims@lionrock.example.');
    expect(accident.text).not.toContain('assistance abroad');
    expectNoIdNumbers(accident);
    expect(composePolicyMail(pa('zh'), { role: 'applicant', scheduleUrl: url }).subject).toBe(
      '您的狮石个人意外保险保单 PSG26-0000007',
    );
  });

  it('escapes every interpolated value in the HTML', () => {
    const policy = travel('en', {
      policyTravel: { applicant: { fullName: '<b>x</b> & "Co"' } },
    } as Partial<TPolicyInput>);
    const hostileUrl = 'https://x.example/s?a=1&b="><script>alert(1)</script>';
    const applicant = composePolicyMail(policy, { role: 'applicant', scheduleUrl: hostileUrl });
    expect(applicant.html).toContain('Dear &lt;b&gt;x&lt;/b&gt; &amp; &quot;Co&quot;,');
    expect(applicant.html).not.toContain('<b>x</b>');
    expect(applicant.html).not.toContain('<script>');
    expect(applicant.html).toContain('&lt;script&gt;');
    expect(applicant.text).toContain('Dear <b>x</b> & "Co",');
    const agent = composePolicyMail(policy, {
      role: 'agent',
      scheduleUrl: 'javascript:alert(1)',
      agentName: "<img src=x onerror='1'>",
      agencyName: '<i>A</i>',
    });
    expect(agent.html).toContain('&lt;img src=x onerror=&#39;1&#39;&gt;');
    expect(agent.html).toContain('client &lt;b&gt;x&lt;/b&gt;');
    expect(agent.html).toContain('&lt;i&gt;A&lt;/i&gt;');
    expect(agent.html).not.toMatch(/<(img|i|b)[\s>]/);
    expect(agent.html).not.toContain('href="javascript');
  });

  it('keeps values on one line, the subject free of line breaks', () => {
    const policy = travel('en', {
      policyTravel: { applicant: { fullName: 'TAN\r\nBcc: x@evil.example' } },
    } as Partial<TPolicyInput>);
    const mail = composePolicyMail(
      { ...policy, policyNumber: 'TSG26-0001234\r\nX: y' },
      {
        role: 'applicant',
        scheduleUrl: url,
      },
    );
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.text).toContain('Dear TAN Bcc: x@evil.example,');
  });
});
