import fs from 'node:fs';
import mjml2html from 'mjml';

/**
 * Compiles the one mail layout (decision 115): `mail-layout.mjml` → `mail-layout.html`, which the
 * server reads as it is. Run `npm run mail-layout -w @lionrock/server` after changing the source; the
 * test `mail-layout.test.ts` compiles it again and fails when the two differ.
 */
const SOURCE = new URL('../src/modules/notifications/mail-layout.mjml', import.meta.url);
const TARGET = new URL('../src/modules/notifications/mail-layout.html', import.meta.url);

export async function compileMailLayout(): Promise<string> {
  const compiled = await mjml2html(fs.readFileSync(SOURCE, 'utf8'), {
    validationLevel: 'strict',
    keepComments: false,
  });
  return compiled.html;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  fs.writeFileSync(TARGET, await compileMailLayout());
  console.info(`wrote ${TARGET.pathname}`);
}
