import { randomBytes } from 'node:crypto';
import type { TConfig } from '../../config.ts';
import type { TDb } from '../../db/database.ts';
import type { TStaffAccess } from './staff-access.ts';
import { createStaffRepository } from './staff-repository.ts';

/**
 * The accounts a local shop starts with (issue 18, decision 078): in `local` only, the operations
 * account of ADMIN_USERNAME / ADMIN_PASSWORD when it does not exist yet, and a login for each seeded
 * agent (username: its code in lower case) with DEMO_AGENT_PASSWORD or a password made now. Returns
 * the lines to print at start. Elsewhere nothing is made: `npm run admin:create-user` makes accounts.
 */
export async function ensureLocalAccounts(db: TDb, config: TConfig, access: TStaffAccess): Promise<string[]> {
  if (config.appEnv !== 'local') return [];
  const repository = createStaffRepository(db);
  const lines: string[] = [];
  if (config.admin) {
    const existing = await access.findByUsername(config.admin.username);
    if (!existing)
      await access.createAccount({
        username: config.admin.username,
        email: `${config.admin.username.replace(/@.*/, '')}@lionrock.example`,
        displayName: 'Operations (local)',
        role: 'operations',
        password: config.admin.password,
        createdBy: 'ADMIN_USERNAME',
      });
    lines.push(
      `Back office: ${config.publicUrl}/admin: sign in as ${config.admin.username} with ADMIN_PASSWORD`,
    );
  } else {
    if (!(await repository.hasAnyAccount()))
      lines.push(
        'Back office: no account yet; make one with `npm run admin:create-user`, or set ADMIN_USERNAME and ADMIN_PASSWORD',
      );
  }
  const password = config.demoAgentPassword ?? randomBytes(12).toString('base64url');
  const demoAgents = await repository.listNonDefaultAgents();
  const names: string[] = [];
  for (const agent of demoAgents) {
    const username = agent.agentCode.toLowerCase();
    const existing = await access.findByUsername(username);
    if (!existing)
      await access.createAccount({
        username,
        email: agent.email ?? `${username}@lionrock.example`,
        displayName: agent.name,
        role: 'agent',
        agentCode: agent.agentCode,
        password,
        createdBy: 'local demo',
      });
    else if (existing.role === 'agent') await access.setPassword(existing.id, password, 'local demo');
    names.push(username);
  }
  if (names.length > 0)
    lines.push(
      `Agents' desk: ${config.publicUrl}/agent, demo logins ${names.join(', ')} with password ${password}`,
    );
  return lines;
}
