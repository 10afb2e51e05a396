// Writes docs/decisions/README.md: every decision record with its title and status (issue 28, goal 9).
// A record's status is its own "Status:" line or "Superseded by" note; otherwise "accepted". Run it after
// adding a record: `node scripts/decisions-index.mjs` (the web test decisions-index.test.ts checks it is current).
import fs from 'node:fs';
import path from 'node:path';

const folder = path.resolve(import.meta.dirname, '../docs/decisions');

/** A Markdown table with its columns padded, as the formatter (Biome) lays one out. */
function table(rows) {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  const line = (cells) => `| ${cells.map((cell, column) => cell.padEnd(widths[column])).join(' | ')} |`;
  return [line(rows[0]), line(widths.map((width) => '-'.repeat(width))), ...rows.slice(1).map(line)];
}

export function decisionsIndex() {
  const rows = fs
    .readdirSync(folder)
    .filter((file) => /^\d{3}-.*\.md$/.test(file))
    .sort()
    .map((file) => {
      const text = fs.readFileSync(path.join(folder, file), 'utf8');
      const title = (text.match(/^#\s+(.*)$/m)?.[1] ?? file)
        .replace(/^\d{3}\s*[—:-]\s*/, '')
        .replace(/\|/g, '\\|');
      // The status is stated at the head of a record, under its title.
      const head = text
        .split('\n')
        .slice(0, 6)
        .join('\n')
        .replace(/\[(\d{3})\]\([^)]*\)/g, '$1');
      const statusLine = head.match(/^(?:> )?(Status:\s*.*|Superseded by .*|Supersedes .*)$/im)?.[1] ?? '';
      let status = 'accepted';
      if (/^Superseded by/i.test(statusLine)) status = statusLine.replace(/[:.].*$/, '').toLowerCase();
      else if (/^Status:/i.test(statusLine))
        status = statusLine
          .replace(/^Status:\s*/i, '')
          .replace(/\s*\(.*$/, '')
          .replace(/[.,]$/, '');
      else if (/^Supersedes/i.test(statusLine))
        status = `accepted; ${statusLine.replace(/\.$/, '').toLowerCase()}`;
      status = status.replace(/\|/g, '\\|');
      return [`[${file.slice(0, 3)}](${file})`, title, status];
    });
  return [
    '# Decision records',
    '',
    'Choices worth remembering, each as Context / Decision / Consequences. This index is written by',
    '`node scripts/decisions-index.mjs`; a record that changes an earlier one says so in its status.',
    '',
    ...table([['record', 'decision', 'status'], ...rows]),
    '',
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  fs.writeFileSync(path.join(folder, 'README.md'), decisionsIndex());
  console.info(
    `docs/decisions/README.md: ${fs.readdirSync(folder).filter((f) => /^\d{3}-/.test(f)).length} records`,
  );
}
