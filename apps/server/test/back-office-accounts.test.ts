import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { auditLog, staffAccounts } from '../src/db/schema.ts';
import {
  BACK_OFFICE,
  enterWrongCodes,
  signedInAs,
  TEST_STAFF_PASSWORD,
  type TSignedIn,
} from './helpers/back-office.ts';
import { buildTestApp } from './helpers/test-app.ts';
import { createTestDatabase, describeEachDriver, type TTestDatabase } from './helpers/test-database.ts';

const ACCOUNTS = `${BACK_OFFICE}/admin/accounts`;
const AT = new Date('2026-11-25T03:00:00Z');

/**
 * Operations' account screen (issue 18): accounts made as the CLI makes them, disabled (never one's
 * own), enabled, unlocked, and sent back to enrol their authenticator; every change audited.
 */
describeEachDriver('back office: staff accounts', (driver) => {
  let database: TTestDatabase;
  let app: FastifyInstance;
  let operations: TSignedIn;
  let marketing: TSignedIn;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    app = await buildTestApp(database, { now: () => AT });
    operations = await signedInAs(app, 'operations', { at: AT });
    marketing = await signedInAs(app, 'marketing', { at: AT });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const signIn = (username: string) =>
    app.inject({
      method: 'POST',
      url: `${BACK_OFFICE}/session/sign-in`,
      payload: { username, password: TEST_STAFF_PASSWORD },
    });
  const act = (id: string, action: string, who: TSignedIn = operations) =>
    app.inject({ method: 'POST', url: `${ACCOUNTS}/${id}/${action}`, headers: who.headers });

  it('lists and creates accounts for operations only', async () => {
    expect((await app.inject({ method: 'GET', url: ACCOUNTS, headers: marketing.headers })).statusCode).toBe(
      403,
    );
    const made = await app.inject({
      method: 'POST',
      url: ACCOUNTS,
      headers: operations.headers,
      payload: {
        username: 'New.Claims',
        displayName: 'New claims handler',
        email: 'new.claims@insurer.example',
        role: 'claims',
        password: TEST_STAFF_PASSWORD,
      },
    });
    expect(made.statusCode).toBe(200);
    expect(made.json().account).toMatchObject({
      username: 'new.claims',
      role: 'claims',
      email: 'n***@i***.example',
      secondFactorEnrolled: false,
      disabled: false,
      locked: false,
    });
    const weak = await app.inject({
      method: 'POST',
      url: ACCOUNTS,
      headers: operations.headers,
      payload: {
        username: 'weak.one',
        displayName: 'Weak',
        email: 'w@insurer.example',
        role: 'claims',
        password: 'short',
      },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().field).toBe('password');
    const agentless = await app.inject({
      method: 'POST',
      url: ACCOUNTS,
      headers: operations.headers,
      payload: {
        username: 'agent.x',
        displayName: 'Agent',
        email: 'a@agent.example',
        role: 'agent',
        agentCode: 'NOPE99',
        password: TEST_STAFF_PASSWORD,
      },
    });
    expect(agentless.json().field).toBe('agentCode');
    const list = await app.inject({ method: 'GET', url: ACCOUNTS, headers: operations.headers });
    const usernames = list.json().accounts.map((account: { username: string }) => account.username);
    expect(usernames).toEqual(
      expect.arrayContaining(['new.claims', operations.username, marketing.username]),
    );
    const me = list
      .json()
      .accounts.find((account: { username: string }) => account.username === operations.username);
    expect(me.secondFactorEnrolled).toBe(true);
  });

  it('disables an account (it can no longer sign in, its session ends) and enables it again; never one’s own', async () => {
    const target = await signedInAs(app, 'underwriting', { at: AT });
    expect((await act(operations.accountId, 'disable')).statusCode).toBe(409);
    expect((await act(target.accountId, 'disable', marketing)).statusCode).toBe(403);
    const disabled = await act(target.accountId, 'disable');
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json().account.disabled).toBe(true);
    expect((await signIn(target.username)).statusCode).toBe(401);
    const session = await app.inject({
      method: 'GET',
      url: `${BACK_OFFICE}/audit?entity=account&entityId=x`,
      headers: target.headers,
    });
    expect(session.statusCode).toBe(401);
    const enabled = await act(target.accountId, 'enable');
    expect(enabled.json().account.disabled).toBe(false);
    expect((await signIn(target.username)).statusCode).toBe(200);
    const rows = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'account'), eq(auditLog.entityId, target.accountId)));
    expect(rows.map((row) => row.action)).toEqual(expect.arrayContaining(['create', 'disable', 'enable']));
    expect(rows.find((row) => row.action === 'disable')!.actor).toBe(operations.username);
  });

  it('resets the second factor so the next sign-in enrols again, and unlocks a locked account', async () => {
    const target = await signedInAs(app, 'claims', { at: AT });
    const before = await signIn(target.username);
    expect(before.json().enrol).toBeNull();
    const reset = await act(target.accountId, 'reset-second-factor');
    expect(reset.json().account.secondFactorEnrolled).toBe(false);
    const after = await signIn(target.username);
    expect(after.json().enrol).toEqual(expect.objectContaining({ secret: expect.any(String) }));

    // Five wrong codes after the right password lock the account (wrong passwords only back the
    // username off from that client, decision 106).
    await enterWrongCodes(app, after, 5, AT);
    expect((await signIn(target.username)).statusCode).toBe(423);
    const list = await app.inject({ method: 'GET', url: ACCOUNTS, headers: operations.headers });
    expect(
      list.json().accounts.find((account: { id: string }) => account.id === target.accountId).locked,
    ).toBe(true);
    const unlocked = await act(target.accountId, 'unlock');
    expect(unlocked.json().account.locked).toBe(false);
    expect((await signIn(target.username)).statusCode).toBe(200);
    expect((await act('00000000-0000-4000-8000-000000000000', 'unlock')).statusCode).toBe(404);
  });

  it('makes no account and changes no password whose audit row cannot be written (one transaction each)', async () => {
    const access = app.services.staffAccess;
    const kept = await access.createAccount({
      username: 'audit-kept',
      email: 'audit-kept@insurer.example',
      displayName: 'Audit Kept',
      role: 'operations',
      password: 'Tangerine-Harbour-Lantern-42',
      createdBy: 'test',
    });
    const hashOf = async (username: string) =>
      (await database.db.select().from(staffAccounts).where(eq(staffAccounts.username, username)))[0]
        ?.passwordHash;
    const before = await hashOf('audit-kept');
    // The trail cannot be written for a moment: neither change may happen without it.
    await database.db.execute(sql`alter table audit_log rename to audit_log_away`);
    try {
      await expect(
        access.createAccount({
          username: 'no-trail',
          email: 'no-trail@insurer.example',
          displayName: 'No Trail',
          role: 'operations',
          password: 'Tangerine-Harbour-Lantern-42',
          createdBy: 'test',
        }),
      ).rejects.toThrow();
      await expect(access.setPassword(kept.id, 'Marmalade-Quarry-Violin-77', 'test')).rejects.toThrow();
    } finally {
      await database.db.execute(sql`alter table audit_log_away rename to audit_log`);
    }
    expect(await hashOf('no-trail')).toBeUndefined();
    expect(await hashOf('audit-kept')).toBe(before);
  });
});
