import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubServer } from '../../test/render';
import { backOfficeCall } from './back-office-api';

afterEach(() => vi.unstubAllGlobals());

/**
 * Issue 27 section 5: a claim's file name `invoice<U+202E>fdp.exe` reads as "invoiceexe.pdf" on a
 * staff screen. What customers and partners wrote reaches every staff screen through this call, so the
 * invisible direction controls in it are shown as what they are, wherever the value is drawn.
 */
describe('the back office shows hidden text direction controls', () => {
  it('turns each direction control in an answer into a visible mark, at any depth', async () => {
    stubServer([
      {
        match: /\/admin\/claims\/c1$/,
        body: {
          claim: {
            description: 'see invoice\u202Efdp.exe',
            documents: [{ name: 'a\u2066b\u2069c\u200F.pdf' }],
            amountCents: 45_000,
          },
        },
      },
    ]);
    const answer = await backOfficeCall<{
      claim: { description: string; documents: { name: string }[]; amountCents: number };
    }>('GET', '/admin/claims/c1');
    expect(answer.claim.description).toBe('see invoice⟨U+202E⟩fdp.exe');
    expect(answer.claim.documents[0]!.name).toBe('a⟨U+2066⟩b⟨U+2069⟩c⟨U+200F⟩.pdf');
    expect(answer.claim.amountCents).toBe(45_000);
    expect(JSON.stringify(answer)).not.toMatch(/[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/);
  });

  it('leaves every other character as it came, Chinese included', async () => {
    const words = '收据 <img src=x> "quoted" \\ é';
    stubServer([{ match: /\/admin\/x$/, body: { words } }]);
    expect(await backOfficeCall<{ words: string }>('GET', '/admin/x')).toEqual({ words });
  });
});
