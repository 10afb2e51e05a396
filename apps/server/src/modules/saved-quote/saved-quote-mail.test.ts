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
    expect(mail.html).toContain('<html lang="en">');
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
