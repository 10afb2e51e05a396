import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
// @ts-expect-error: a plain script of the repository, without types
import { decisionsIndex } from '../../../scripts/decisions-index.mjs';

it('docs/decisions/README.md indexes every decision record with its status (run node scripts/decisions-index.mjs)', () => {
  const written = fs.readFileSync(
    path.resolve(import.meta.dirname, '../../../docs/decisions/README.md'),
    'utf8',
  );
  expect(written).toBe(decisionsIndex());
  expect(written).toMatch(
    /^\| \[112\]\(112-the-free-look-counts-from-the-start-of-cover\.md\) +\| The free look/m,
  );
});
