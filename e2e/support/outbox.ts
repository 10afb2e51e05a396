import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';

/** One message of a shop's file outbox: its file name, when it was written, and its readable text. */
export type TOutboxMail = { file: string; at: number; text: string };

/** Quoted-printable undone: soft line breaks joined, each run of `=XX` bytes read back as UTF-8. */
function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/(?:=[0-9A-F]{2})+/g, (run) => Buffer.from(run.replaceAll('=', ''), 'hex').toString('utf8'));
}

/**
 * The messages the shop at `dataDir` has sent to its file outbox (DATA_DIR/outbox, the local mailer),
 * oldest first. Each text holds the raw message with its quoted-printable parts decoded and, after it,
 * its base64 parts decoded, so a test can find a code or a link in English or Chinese mail alike.
 */
export function readOutbox(dataDir: string, fileStartsWith = ''): TOutboxMail[] {
  const outbox = path.join(dataDir, 'outbox');
  if (!fs.existsSync(outbox)) return [];
  return fs
    .readdirSync(outbox)
    .filter((file) => file.startsWith(fileStartsWith) && file.endsWith('.eml'))
    .map((file) => {
      const full = path.join(outbox, file);
      const raw = fs.readFileSync(full, 'utf8');
      const base64 = [
        ...raw.matchAll(
          /Content-Transfer-Encoding: base64\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/g,
        ),
      ].map((match) => Buffer.from(match[1]!.replace(/\s/g, ''), 'base64').toString('utf8'));
      return {
        file,
        at: fs.statSync(full).mtimeMs,
        text: [decodeQuotedPrintable(raw), ...base64].join('\n'),
      };
    })
    .sort((a, b) => a.at - b.at);
}

/** Waits for the mail job to have sent at least `count` messages containing `text`; returns their texts. */
export async function mailsWith(dataDir: string, text: string, count = 1): Promise<string[]> {
  const read = () => readOutbox(dataDir).filter((mail) => mail.text.includes(text));
  await expect.poll(() => read().length, { timeout: 60_000 }).toBeGreaterThanOrEqual(count);
  return read().map((mail) => mail.text);
}

/**
 * The six-digit code of the newest mail whose file name starts with `fileStartsWith`, written at or
 * after `after` (ms), once the mail job has sent it: on a line of its own (the sign-in code) or after
 * "code is" (a new address's code), in every language.
 */
export async function newestCode(dataDir: string, fileStartsWith: string, after = 0): Promise<string> {
  return (await newestCodeMail(dataDir, fileStartsWith, after)).code;
}

/**
 * `newestCode` with the mail's file, leaving out mails already read (`seen`, their file names): a code
 * asked for again within a second of the last one is then never mistaken for it.
 */
export async function newestCodeMail(
  dataDir: string,
  fileStartsWith: string,
  after = 0,
  seen: ReadonlySet<string> = new Set(),
): Promise<{ file: string; code: string }> {
  const read = () => {
    const mail = readOutbox(dataDir, fileStartsWith)
      .filter((entry) => entry.at >= after && !seen.has(entry.file))
      .at(-1);
    if (!mail) return { file: '', code: '' };
    const code =
      (/^(\d{6})\r?$/m.exec(mail.text) ??
        /(?:code is:?|验证码是|驗證碼是)\s*(\d{6})/i.exec(mail.text))?.[1] ?? '';
    return { file: mail.file, code };
  };
  await expect.poll(() => read().code, { timeout: 60_000 }).toMatch(/^\d{6}$/);
  return read();
}
