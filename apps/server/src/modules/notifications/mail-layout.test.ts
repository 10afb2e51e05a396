import fs from 'node:fs';
import { INSURER_CONTACTS } from '@lionrock/domain/market/insurer-contacts';
import { describe, expect, it } from 'vitest';
import { compileMailLayout } from '../../../scripts/compile-mail-layout.ts';
import { MAIL_LAYOUT_HTML, renderMail, type TMailDraft } from './mail-layout.ts';

const DRAFT: TMailDraft = {
  script: 'en',
  subject: 'Your Lionrock travel policy TSG26-0001234',
  greeting: 'Dear TAN WEI MING,',
  blocks: [
    { kind: 'paragraph', lines: ['Thank you for buying.', 'Your policy is issued.'] },
    { kind: 'details', rows: [['Policy number', 'TSG26-0001234']] },
    { kind: 'link', lines: ['Download it here:'], url: 'https://shop.example/s?a=1&b=2' },
    { kind: 'code', code: '123456' },
  ],
  contactCountry: 'SGP',
  product: 'PTR',
};

describe('the one mail layout (decision 115)', () => {
  it('says the same in text and HTML, with the market contact line and the sign-off', () => {
    const mail = renderMail(DRAFT);
    expect(mail.text).toBe(
      [
        'Dear TAN WEI MING,',
        '',
        'Thank you for buying.',
        'Your policy is issued.',
        '',
        'Policy number: TSG26-0001234',
        '',
        'Download it here:',
        'https://shop.example/s?a=1&b=2',
        '',
        '123456',
        '',
        `Questions? Call or write to us. Singapore: ${INSURER_CONTACTS.SGP.hotline} (Monday to Friday, 9 am to 6 pm), ${INSURER_CONTACTS.SGP.email}. 24-hour emergency assistance abroad: ${INSURER_CONTACTS.SGP.assistance}.`,
        '',
        'Lionrock Insurance',
        '',
      ].join('\n'),
    );
    expect(mail.html).toContain('<html lang="en"');
    expect(mail.html).toContain('<title>Your Lionrock travel policy TSG26-0001234</title>');
    expect(mail.html).toContain('Thank you for buying.<br>Your policy is issued.');
    expect(mail.html).toContain('<a href="https://shop.example/s?a=1&amp;b=2">');
    expect(mail.html).toContain(INSURER_CONTACTS.SGP.assistance);
    expect(mail.html).not.toMatch(/%%[A-Z]+%%/);
  });

  it('escapes what a customer typed and never fills a slot twice', () => {
    const mail = renderMail({
      ...DRAFT,
      subject: 'Policy %%BODY%%\r\nBcc: x@evil.example',
      greeting: 'Dear <script>alert(1)</script> %%FOOTER%%,',
      blocks: [{ kind: 'link', lines: ['Open:'], url: 'javascript:alert(1)' }],
    });
    expect(mail.subject).toBe('Policy %%BODY%% Bcc: x@evil.example');
    expect(mail.html).not.toContain('<script>alert');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; %%FOOTER%%');
    expect(mail.html).toContain('<title>Policy %%BODY%% Bcc: x@evil.example</title>');
    expect(mail.html).not.toContain('href="javascript');
    expect(mail.html.match(/Lionrock Insurance/g)).toHaveLength(2);
  });

  it("writes Hong Kong's Chinese from the Simplified and gives each market its own lines", () => {
    const hk = renderMail({ ...DRAFT, script: 'zh-Hant', contactCountry: 'HKG' });
    expect(hk.html).toContain('<html lang="zh-Hant"');
    expect(hk.text).toContain(`如有疑問，請聯絡我們：香港：${INSURER_CONTACTS.HKG.hotline}`);
    expect(hk.text).toContain('獅石保險');
    const sg = renderMail({ ...DRAFT, script: 'zh-Hans' });
    expect(sg.text).toContain(`新加坡：${INSURER_CONTACTS.SGP.hotline}`);
    expect(sg.text).toContain('狮石保险');
    expect(renderMail({ ...DRAFT, contactCountry: undefined }).text).not.toContain('Questions?');
  });

  it('is the MJML source as compiled (run npm run mail-layout -w @lionrock/server after a change)', async () => {
    expect(fs.readFileSync(MAIL_LAYOUT_HTML, 'utf8')).toBe(await compileMailLayout());
  });
});
