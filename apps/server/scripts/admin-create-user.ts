import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { ACCOUNT_ROLES, type TAccountRole } from '@lionrock/domain/back-office/staff-rules';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { migrateDatabase, openDatabase } from '../src/db/database.ts';

/**
 * `npm run admin:create-user -- --username ana --email ana@insurer.example --role operations`
 * Makes a back-office (or agent) account on the configured database (DATABASE_URL, or the embedded one
 * in DATA_DIR while the shop is stopped). The password is read from ADMIN_NEW_PASSWORD or asked for
 * without echo; the authenticator app is enrolled at the first sign-in (decision 078).
 */
const { values } = parseArgs({
  options: {
    username: { type: 'string' },
    email: { type: 'string' },
    name: { type: 'string' },
    role: { type: 'string', default: 'operations' },
    'agent-code': { type: 'string' },
  },
});

async function askPassword(): Promise<string> {
  if (process.env.ADMIN_NEW_PASSWORD) return process.env.ADMIN_NEW_PASSWORD;
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  const output = process.stdout as NodeJS.WriteStream & { muted?: boolean };
  process.stdout.write('Password (12 characters or more): ');
  const original = output.write.bind(output);
  output.write = ((chunk: string | Uint8Array) =>
    typeof chunk === 'string' && chunk.includes('\n') ? original(chunk) : true) as typeof output.write;
  const answer = await rl.question('');
  output.write = original;
  rl.close();
  process.stdout.write('\n');
  return answer;
}

async function main(): Promise<void> {
  const role = values.role as TAccountRole;
  if (!values.username || !values.email || !(ACCOUNT_ROLES as readonly string[]).includes(role)) {
    console.error(
      `Usage: npm run admin:create-user -- --username NAME --email ADDRESS [--name "Full name"] [--role ${ACCOUNT_ROLES.join('|')}] [--agent-code CODE]`,
    );
    process.exit(64);
  }
  const password = await askPassword();
  // The shop's own start-up chatter (an unbuilt web app, say) is not this command's business.
  process.env.LOG_LEVEL ??= 'error';
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateDatabase(database);
    const app = await buildApp({ config, database, webDistDir: '/nonexistent' });
    const account = await app.services.staffAccess.createAccount({
      username: values.username,
      email: values.email,
      displayName: values.name ?? values.username,
      role,
      agentCode: values['agent-code'] ?? null,
      password,
      createdBy: 'admin:create-user',
    });
    await app.close();
    console.info(
      `Made ${account.role} account ${account.username}. Sign in at ${config.publicUrl}/${role === 'agent' ? 'agent' : 'admin'}${role === 'agent' ? '' : '; the first sign-in enrols an authenticator app'}.`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
