import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export type TSmtpSink = { url: string; close: () => Promise<void> };

/**
 * A mail server for a shop of its own (`SMTP_URL`): every message it accepts is written to `outboxDir`
 * as the file outbox writes it (one `.eml` named by its Message-ID), so `readOutbox` and `newestCode`
 * read it; a recipient `refuse` answers for is refused with that reply, as a real server refuses an
 * unknown mailbox, so the shop keeps that mail in its outbox with the reply as its error.
 */
export async function startSmtpSink(
  outboxDir: string,
  refuse: (recipient: string) => string | null,
): Promise<TSmtpSink> {
  fs.mkdirSync(outboxDir, { recursive: true });
  const server = net.createServer((socket) => {
    let buffer = '';
    let data: string[] | null = null;
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 sink ESMTP');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data) {
          if (line !== '.') {
            data.push(line.startsWith('..') ? line.slice(1) : line);
            continue;
          }
          const message = data.join('\r\n');
          data = null;
          const id = /^Message-ID:\s*<([^@>]+)/im.exec(message)?.[1] ?? `mail-${Date.now()}`;
          fs.writeFileSync(path.join(outboxDir, `${id.replace(/[^A-Za-z0-9._-]/g, '_')}.eml`), message);
          reply('250 accepted');
          continue;
        }
        const command = line.slice(0, 4).toUpperCase();
        if (command === 'EHLO' || command === 'HELO') reply('250 sink');
        else if (command === 'RCPT') {
          const refused = refuse(/<([^>]*)>/.exec(line)?.[1] ?? '');
          reply(refused === null ? '250 ok' : `550 ${refused}`);
        } else if (command === 'DATA') {
          data = [];
          reply('354 go on');
        } else if (command === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else reply('250 ok');
      }
    });
    socket.on('error', () => socket.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
