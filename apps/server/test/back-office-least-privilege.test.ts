import type { TStaffRole } from '@lionrock/domain/back-office/staff-rules';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BACK_OFFICE, signedInAs, type TSignedIn } from './helpers/back-office.ts';
import { buildTestApp } from './helpers/test-app.ts';
import { createTestDatabase, describeEachDriver, type TTestDatabase } from './helpers/test-database.ts';

const ID = '00000000-0000-4000-8000-000000000000';
const ADMIN = `${BACK_OFFICE}/admin`;

/**
 * Least privilege, written out by hand (issue 27 section 4, decision 106) rather than derived from the
 * permission table, so a table that grants too much fails here: the roles that may make each call and,
 * by omission, the roles that get 403. A call a role may make answers anything but 401/403 (a 404 for
 * the made-up id is fine).
 */
const CALLS: { call: string; body?: object; roles: TStaffRole[] }[] = [
  // Browsing every policyholder is operations' (and read-only's); claims reach a policy through the claim.
  { call: `GET ${ADMIN}/policies`, roles: ['operations', 'read_only'] },
  { call: `GET ${ADMIN}/policies/${ID}`, roles: ['operations', 'read_only'] },
  // The schedule carries the holder's e-mail and mobile whole: not for a read-only account.
  { call: `GET ${ADMIN}/policies/${ID}/schedule.pdf`, roles: ['operations'] },
  { call: `POST ${ADMIN}/policies/${ID}/reveal`, body: { field: 'idNumber' }, roles: ['operations'] },
  // Operations' queues, mail, failures and client logs.
  { call: `GET ${ADMIN}/queues`, roles: ['operations', 'read_only'] },
  { call: `GET ${ADMIN}/mail`, roles: ['operations', 'read_only'] },
  { call: `GET ${ADMIN}/client-logs`, roles: ['operations', 'read_only'] },
  { call: `GET ${ADMIN}/jobs/failed`, roles: ['operations', 'read_only'] },
  { call: `GET ${ADMIN}/renewals/failed`, roles: ['operations', 'read_only'] },
  { call: `GET ${ADMIN}/system`, roles: ['operations', 'read_only'] },
  // Claims: health data; documents and the payout's details for claims staff only.
  { call: `GET ${ADMIN}/claims`, roles: ['claims', 'read_only'] },
  { call: `GET ${ADMIN}/claims/${ID}`, roles: ['claims', 'read_only'] },
  { call: `GET ${ADMIN}/claims/${ID}/documents/${ID}`, roles: ['claims'] },
  // Marketing's and underwriting's own screens.
  { call: `GET ${ADMIN}/campaigns`, roles: ['marketing', 'read_only'] },
  { call: `GET ${ADMIN}/partners/agents`, roles: ['marketing', 'read_only'] },
  { call: `GET ${ADMIN}/underwriting/blacklist`, roles: ['underwriting', 'read_only'] },
  { call: `POST ${ADMIN}/underwriting/blacklist/x/reveal`, roles: ['underwriting'] },
  {
    call: `POST ${ADMIN}/underwriting/referrals/${ID}/reveal`,
    body: { field: 'idNumber' },
    roles: ['underwriting'],
  },
  // A record's audit trail only for a role that may read the record.
  { call: `GET ${BACK_OFFICE}/audit?entity=policy&entityId=${ID}`, roles: ['operations', 'read_only'] },
  { call: `GET ${BACK_OFFICE}/audit?entity=claim&entityId=${ID}`, roles: ['claims', 'read_only'] },
  {
    call: `GET ${BACK_OFFICE}/audit?entity=campaign&entityId=1`,
    roles: ['marketing', 'read_only'],
  },
  { call: `GET ${BACK_OFFICE}/audit?entity=account&entityId=${ID}`, roles: ['operations'] },
];

const STAFF: TStaffRole[] = ['operations', 'marketing', 'underwriting', 'claims', 'read_only'];

describeEachDriver('each role reads only what its screens need', (driver) => {
  let database: TTestDatabase;
  let app: FastifyInstance;
  const sessions = new Map<TStaffRole, TSignedIn>();

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    app = await buildTestApp(database);
    for (const role of STAFF) sessions.set(role, await signedInAs(app, role));
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('answers 403 to every role not named for a call, and lets the named ones through', async () => {
    const wrong: string[] = [];
    for (const { call, body, roles } of CALLS) {
      const [method, url] = call.split(' ') as ['GET' | 'POST', string];
      for (const role of STAFF) {
        const answer = await app.inject({
          method,
          url,
          headers: sessions.get(role)!.headers,
          ...(method === 'POST' ? { payload: body ?? {} } : {}),
        });
        const refused = answer.statusCode === 401 || answer.statusCode === 403;
        if (roles.includes(role) === refused) wrong.push(`${call} as ${role}: ${answer.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it('refuses a trail of a kind of record it does not know', async () => {
    const answer = await app.inject({
      url: `${BACK_OFFICE}/audit?entity=nonsense&entityId=1`,
      headers: sessions.get('operations')!.headers,
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ field: 'entity' });
  });
});
