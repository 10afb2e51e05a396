import fs from 'node:fs';
import path from 'node:path';
import {
  ACCOUNT_ROLES,
  can,
  isStaffRole,
  PERMISSIONS,
  type TAccountRole,
  type TPermission,
} from '@lionrock/domain/back-office/staff-rules';
import { describe, expect, it } from 'vitest';
import { BACK_OFFICE_PAGES } from './page-registry';

const README = path.resolve(import.meta.dirname, '../../../../../README.md');

/** A list at the top level only: "Policies (search, reveal), Queues" is two items, not three. */
function topLevelItems(text: string): string[] {
  const items: string[] = [];
  let depth = 0;
  let current = '';
  for (const character of text) {
    if (character === '(') depth += 1;
    if (character === ')') depth -= 1;
    if (character === ',' && depth === 0) {
      items.push(current);
      current = '';
    } else current += character;
  }
  items.push(current);
  return items.map((item) => item.replace(/\([^)]*\)/g, '').trim()).filter(Boolean);
}

/** The README's role table under "The back office and the agents' desk": role → screens, permissions. */
function readmeRoles(): Map<string, { screens: string[]; permissions: string[] }> {
  const text = fs.readFileSync(README, 'utf8');
  const section = text.split(/^## /m).find((part) => part.startsWith("The back office and the agents' desk"));
  if (!section) throw new Error('README has no section "The back office and the agents\' desk"');
  const rows = section
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .map((line) =>
      line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim()),
    );
  const [header, , ...body] = rows;
  expect(header).toEqual(['role', 'screens', 'permissions']);
  return new Map(
    body.map(([role = '', screens = '', permissions = '']) => [
      role.replace(/`/g, ''),
      {
        screens: topLevelItems(screens),
        permissions: [...permissions.matchAll(/`([a-z_.]+)`/g)].map((match) => match[1]!),
      },
    ]),
  );
}

/** The menu a role gets: the registry's pages its permissions open, on its desk. */
const menuOf = (role: TAccountRole) =>
  BACK_OFFICE_PAGES.filter(
    (page) =>
      page.nav !== false &&
      page.desk === (isStaffRole(role) ? 'admin' : 'agent') &&
      can(role, page.permission),
  ).map((page) => page.label);

/**
 * The README's role table and the domain's permission table say the same thing (issue 27 section 4,
 * decision 106): each role's permissions are exactly those listed, and its screens exactly the pages
 * the shell shows it. Changing either alone fails here.
 */
describe("the README's role table", () => {
  const roles = readmeRoles();

  it('has one row per role', () => {
    expect([...roles.keys()].sort()).toEqual([...ACCOUNT_ROLES].sort());
  });

  it.each([...ACCOUNT_ROLES])('lists exactly the permissions the domain gives %s', (role) => {
    const granted = (Object.keys(PERMISSIONS) as TPermission[]).filter((permission) => can(role, permission));
    expect([...roles.get(role)!.permissions].sort()).toEqual(granted.sort());
  });

  it.each([...ACCOUNT_ROLES])('lists exactly the screens the shell opens to %s', (role) => {
    expect([...roles.get(role)!.screens].sort()).toEqual(menuOf(role).sort());
  });
});
