import { describe, expect, it } from 'vitest';
import { composeSavedQuoteMail } from './saved-quote-mail.ts';

const base = {
  kind: 'saved-quote' as const,
  productType: 'PAN' as const,
  country: 'SGP' as const,
  language: 'en' as const,
  url: 'https://shop.example/pa/resume#abc',
  // 23:30 UTC is the next day in Singapore and Hong Kong: the date is the market's.
  expiresAt: new Date('2026-12-24T23:30:00Z'),
};

describe('the saved-quote mails (decisions 076, 077)', () => {
  it('names the product from the catalogue, the link and its last day, in English', () => {
    const mail = composeSavedQuoteMail(base);
    expect(mail.subject).toBe('Your personal accident quote is saved: continue when you are ready');
    expect(mail.text).toContain('Lionrock Personal Accident Insurance');
    expect(mail.text).toContain('https://shop.example/pa/resume#abc');
    expect(mail.text).toContain('25/12/2026');
    expect(mail.html).toContain('<a href="https://shop.example/pa/resume#abc">');
    expect(mail.html).toContain('<html lang="en"');
  });

  it('writes Simplified Chinese for Singapore and Traditional for Hong Kong, the brand as 狮石/獅石', () => {
    const sg = composeSavedQuoteMail({ ...base, language: 'zh' });
    expect(sg.subject).toContain('个人意外保险');
    expect(sg.text).toContain('狮石保险');
    const hk = composeSavedQuoteMail({
      ...base,
      language: 'zh',
      country: 'HKG',
      kind: 'saved-quote-reminder',
    });
    expect(hk.subject).toBe('您的個人意外保險報價仍在等您完成');
    expect(hk.text).toContain('獅石保險');
    expect(hk.html).toContain('lang="zh-Hant"');
    expect(`${sg.text}${hk.text}`).not.toContain('Lionrock');
  });

  it('escapes the link in the HTML', () => {
    const mail = composeSavedQuoteMail({ ...base, url: 'https://shop.example/pa/resume#"><script>' });
    expect(mail.html).not.toContain('<script>');
  });
});

describe('the saved-quote mail of a journey with an agent (decision 087)', () => {
  const agent = { name: 'Tan Wei Ling', registrationNo: 'RNF-TWL-1001' };

  it('names the agent of a saved journey, and says so when the agent prepared it', () => {
    const saved = composeSavedQuoteMail({ ...base, agent: { ...agent, prepared: false } });
    expect(saved.subject).toBe('Your personal accident quote is saved: continue when you are ready');
    expect(saved.text).toContain('Your agent: Tan Wei Ling, registration no. RNF-TWL-1001.');
    const prepared = composeSavedQuoteMail({ ...base, agent: { ...agent, prepared: true } });
    expect(prepared.subject).toBe('Your agent prepared a personal accident quote for you');
    expect(prepared.text).toContain('Your agent Tan Wei Ling (registration no. RNF-TWL-1001) prepared');
    expect(prepared.html).toContain('Tan Wei Ling');
    expect(prepared.text).toContain('https://shop.example/pa/resume#abc');
  });

  it('says it in Simplified Chinese for Singapore and Traditional for Hong Kong', () => {
    const sg = composeSavedQuoteMail({ ...base, language: 'zh', agent: { ...agent, prepared: true } });
    expect(sg.subject).toBe('您的代理人为您准备了个人意外保险报价');
    expect(sg.text).toContain('注册编号：RNF-TWL-1001');
    const hk = composeSavedQuoteMail({
      ...base,
      country: 'HKG',
      language: 'zh',
      agent: { ...agent, prepared: true },
    });
    expect(hk.text).toContain('註冊編號：RNF-TWL-1001');
  });

  it('reminds of a prepared quote as the agent’s', () => {
    const reminder = composeSavedQuoteMail({
      ...base,
      kind: 'saved-quote-reminder',
      agent: { ...agent, prepared: true },
    });
    expect(reminder.text).toContain('Your agent Tan Wei Ling (registration no. RNF-TWL-1001) prepared');
    expect(reminder.text).not.toContain('You started');
    expect(reminder.text).toContain('This is the only reminder we send.');
  });

  it('adds nothing without an agent', () => {
    expect(composeSavedQuoteMail({ ...base, agent: null }).text).not.toContain('agent');
  });
});
