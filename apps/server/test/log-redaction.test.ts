import { recordConsent } from '@lionrock/domain/consents/consents';
import { localDate } from '@lionrock/domain/dates/local-date';
import { buildTravelPolicy } from '@lionrock/domain/schemas/fixtures';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientLogs, paymentLifecycleLogs } from '../src/db/schema.ts';
import { startJobs } from '../src/jobs/job-runner.ts';
import { fill, listRoutes } from './helpers/routes.ts';
import { buildTestApp, logSink, SESSION } from './helpers/test-app.ts';
import { createTestDatabase, describeEachDriver, type TTestDatabase } from './helpers/test-database.ts';

/** Canary values: a valid NRIC, an HKID, an e-mail, a mobile number, a Visa test card and its CVV. */
const CANARIES = [
  'S1234567D',
  'A123456(3)',
  'canary.person@example.com',
  '91234567',
  '4111111111111111',
  '4111-1111-1111-1111',
];

describe('logs never carry NRIC, HKID, e-mail, mobile or card data', () => {
  let database: TTestDatabase;
  let app: FastifyInstance;
  let output = '';

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    const logStream = logSink((text) => {
      output += text;
    });
    app = await buildTestApp(database, { env: { LOG_LEVEL: 'trace' }, logStream });
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  it('redacts canaries sent through URLs, client logs and failing calls', async () => {
    const headers = { 'session-name': SESSION };
    await app.inject({
      url: `/b2c-server/rest/system/getBanners?country=SGP&email=${CANARIES[2]}&id=${CANARIES[0]}&card=${CANARIES[4]}`,
      headers,
    });
    await app.inject({
      method: 'POST',
      url: '/b2c-server/b2c/log/error',
      headers,
      payload: { data: `rate failed for ${CANARIES.join(' ')} cvv: 123` },
    });
    await app.inject({ url: `/b2c-server/rest/agent/get/${CANARIES[0]}/sub/${CANARIES[3]}`, headers });
    await app.inject({ url: `/nothing/${CANARIES[2]}/${CANARIES[5]}`, headers });
    await app.inject({
      method: 'POST',
      url: '/b2c-server/rest/campaign/getCampaign',
      headers,
      payload: { promo: CANARIES[4], campaign: { campaignCode: CANARIES[2] } },
    });

    // A full quote: the plans, then the chosen plan stored, then one refused as blacklisted.
    const policy = buildTravelPolicy(localDate(2026, 11, 23), {
      policyTravel: {
        applicant: {
          ...buildTravelPolicy(localDate(2026, 11, 23)).policyTravel!.applicant!,
          hkId: CANARIES[0]!,
          email: CANARIES[2]!,
          mobileNo: CANARIES[3]!,
        },
        travellersList: [
          {
            type: 'ADULT',
            fullName: 'TAN WEI MING',
            idType: 'NRIC',
            hkId: CANARIES[0]!,
            dateOfBirth: '15/06/1985',
          },
        ],
      },
    });
    const quoted = await app.inject({
      method: 'POST',
      url: '/b2c-server/rest/policy/multirate',
      headers,
      payload: policy,
    });
    expect(quoted.statusCode).toBe(200);
    const [plan] = quoted.json().policyTravel.premiumItems;
    const chosen = { ...policy, policyTravel: { ...policy.policyTravel, policyPremium: plan } };
    const rated = await app.inject({
      method: 'POST',
      url: '/b2c-server/rest/policy/rate',
      headers,
      payload: chosen,
    });
    expect(rated.statusCode).toBe(200);
    const forged = {
      ...chosen,
      policyTravel: { ...chosen.policyTravel, policyPremium: { ...plan, totalPremium: 1 } },
    };
    expect(
      (await app.inject({ method: 'POST', url: '/b2c-server/rest/policy/rate', headers, payload: forged }))
        .statusCode,
    ).toBe(409);

    // …then paid through the built-in test gateway, the card in the same process (design section 6).
    const consent = recordConsent(true, '2026-11-23T02:00:00.000Z');
    const pending = await app.inject({
      method: 'POST',
      url: '/b2c-server/rest/policy/updateToPending',
      headers,
      payload: {
        ...(rated.json() as object),
        consents: { declaration1: consent, declaration2: consent, marketing: consent },
      },
    });
    expect(pending.statusCode).toBe(200);
    const { paymentUrl, paymentSignatureKey, ...signed } = pending.json().paymentSignature;
    const gateway = await app.inject({
      method: 'POST',
      url: new URL(paymentUrl).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        ...signed,
        signature: paymentSignatureKey,
        card_type: '001',
        card_number: CANARIES[4]!,
        card_expiry_date: '12-2030',
        card_cvn: '737',
      }).toString(),
    });
    const answer = Object.fromEntries(
      [...gateway.body.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((match) => [
        match[1]!,
        match[2]!.replaceAll('&amp;', '&'),
      ]),
    );
    const receipt = await app.inject({
      method: 'POST',
      url: '/b2c-server/rest/payment/receipt',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      payload: new URLSearchParams(answer).toString(),
    });
    expect(receipt.json().paid).toBe(true);
    await app.inject({
      method: 'POST',
      url: '/b2c-server/rest/policy/logPaymentLifeCycle',
      payload: {
        step: 'card-error',
        cardNumber: CANARIES[5],
        email: CANARIES[2],
        note: `card ${CANARIES[4]} cvv 737`,
      },
    });
    const lifecycle = JSON.stringify(await database.db.query.paymentLifecycleLogs.findMany());
    for (const canary of CANARIES) expect(lifecycle).not.toContain(canary);

    expect(output.length).toBeGreaterThan(0);
    expect(output).toContain('request completed');
    expect(output).toContain('policy issued');
    for (const canary of [...CANARIES, 'A123456']) expect(output).not.toContain(canary);
    const stored = await database.db.query.clientLogs.findMany();
    for (const row of stored) for (const canary of CANARIES) expect(row.data).not.toContain(canary);
    expect(stored.at(-1)!.data).not.toContain('123');
  });
});

/**
 * Canaries through every route and every log sink (decision 030): the server log, client_logs,
 * payment_lifecycle_logs and the job queue's error records never hold a canary, however it is sent —
 * under an odd key, URL-encoded, quoted inside a JSON text, written in a sentence or as a number.
 */
const NRIC = 'S1234567D';
const HKID = 'A123456(3)';
const EMAIL = 'canary.person@example.com';
const NAME = 'ZEBEDEE QUAXLEY';
const DOB = '14/03/1961';
const DOB_ISO = '1961-03-14';
const CARD = '4111111111111111';
const CARD_GROUPED = '4111 1111 1111 1111';
const CVV = '7391';
const MOBILE = '91234567';
const CANARY_SESSION = 'canary-session-5e1f0a';
/** One birthday, 9 July 1958, in every format a client sends (decision 107). */
const BIRTH_DATES = [
  '09/07/1958',
  '9/7/1958',
  '1958-07-09',
  '09-07-1958',
  '09.07.1958',
  '1958-07-08T16:00:00.000Z',
  '1958-07-09T00:00:00+08:00',
  '9 July 1958',
  'July 9, 1958',
  '1958年7月9日',
];
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const BIRTH_DATE_FINDER = new RegExp(
  [
    ...BIRTH_DATES.flatMap((date) => [date, encodeURIComponent(date)]).map(escapeRegExp),
    '09071958',
    '19580709',
  ].join('|'),
  'i',
);

/** Each canary as it must never be found again (a CVV only as a number of its own). */
const FINDERS: [string, RegExp][] = [
  ['NRIC', /S1234567D/i],
  ['HKID', /A123456/i],
  ['e-mail', /canary\.person|canary%2Eperson/i],
  ['name', /ZEBEDEE|QUAXLEY/i],
  ['date of birth', /14\/03\/1961|1961-03-14|14%2F03%2F1961/i],
  ['date of birth in any format', BIRTH_DATE_FINDER],
  ['card', /4111.?1111.?1111.?1111|4111(%20|\+)1111/],
  ['CVV', /(?<![\w-])7391(?![\w-])/],
  ['mobile', /91234567/],
  ['Session-Name', /canary-session-5e1f0a/],
];

const variants = {
  hkId: NRIC,
  nric: NRIC,
  idNumber: HKID,
  email: EMAIL,
  'E-Mail': EMAIL,
  cardNumber: CARD,
  card_number: CARD_GROUPED,
  cvc: CVV,
  securityCode: CVV,
  card_cvn: CVV,
  cvv2: CVV,
  CVV: CVV,
  fullName: NAME,
  'Full Name': NAME,
  dateOfBirth: DOB,
  dob: DOB_ISO,
  birthDate: DOB,
  mobileNo: MOBILE,
  sessionName: CANARY_SESSION,
  nested: { deeper: { odd_Key: NRIC, 'Card-CVC': CVV, Birth_Date: DOB } },
  asNumbers: { contact: Number(MOBILE), amount: Number(CARD), born: 19580709 },
  // A birthday by key in any spelling, and by shape under keys that say nothing.
  DOB: '09071958',
  birth_date: '19580709',
  BirthDate: BIRTH_DATES[5],
  'Date-Of-Birth': BIRTH_DATES[8],
  travellers: BIRTH_DATES.map((date) => ({ type: 'ADULT', when: date })),
};
const sentence = `failed for ${NRIC} ${HKID} ${EMAIL} cvv ${CVV} security code: ${CVV} card ${CARD_GROUPED} dob: ${DOB} fullName: ${NAME} traveller ${BIRTH_DATES.join(' ')}`;
const encoded = `email=${encodeURIComponent(EMAIL)}&card=${CARD.replace(/(\d{4})(?=\d)/g, '$1%20')}&id=%22${NRIC}%22&fullName=${encodeURIComponent(NAME)}&dob=${encodeURIComponent(DOB)}&cvc=${CVV}&${BIRTH_DATES.map((date, index) => `d${index}=${encodeURIComponent(date)}`).join('&')}`;
const canaryBody = {
  ...variants,
  note: sentence,
  encoded,
  quoted: JSON.stringify({ nric: NRIC, dateOfBirth: DOB, fullName: NAME }),
  message: `${JSON.stringify(variants)} ${sentence} ${encoded}`,
};

function findCanaries(sink: string, text: string): string[] {
  return FINDERS.filter(([, pattern]) => pattern.test(text)).map(([name]) => `${name} in ${sink}`);
}

describeEachDriver('canaries through every route and every log sink', (driver) => {
  let database: TTestDatabase;
  let app: FastifyInstance;
  let output = '';
  const headers = { 'session-name': CANARY_SESSION };

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    const logStream = logSink((text) => {
      output += text;
    });
    app = await buildTestApp(database, { env: { LOG_LEVEL: 'trace' }, logStream });
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  const sinks = async () => {
    const clientRows = await database.db.select().from(clientLogs);
    const lifecycleRows = await database.db.select().from(paymentLifecycleLogs);
    return [
      ...findCanaries('the server log', output),
      ...findCanaries('client_logs', JSON.stringify(clientRows)),
      ...findCanaries('payment_lifecycle_logs', JSON.stringify(lifecycleRows)),
    ];
  };

  it('sends canaries to every route in bodies, queries and paths; no sink holds one', async () => {
    const routes = listRoutes(app);
    expect(routes.length).toBeGreaterThan(40);
    const query = `?${encoded}&nric=${NRIC}&Date_Of_Birth=${encodeURIComponent(DOB)}&security_code=${CVV}`;
    for (const route of routes) {
      const method = route.method as 'GET' | 'POST';
      const paths = [
        fill(route.url, NRIC),
        fill(route.url, encodeURIComponent(EMAIL)),
        fill(route.url, encodeURIComponent(BIRTH_DATES[5]!)),
      ];
      for (const url of paths) {
        await app.inject({
          method,
          url: `${url}${query}`,
          headers,
          ...(method === 'GET' ? {} : { payload: canaryBody }),
        });
        if (method === 'GET') continue;
        await app.inject({
          method,
          url,
          headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
          payload: `${encoded}&note=${encodeURIComponent(sentence)}&card_cvn=${CVV}&Date-Of-Birth=${encodeURIComponent(DOB)}`,
        });
      }
    }
    // The client log takes text: every canary in every shape, in one report per level.
    for (const level of ['error', 'warn', 'info', 'debug'])
      await app.inject({
        method: 'POST',
        url: `/b2c-server/b2c/log/${level}`,
        headers,
        payload: { data: canaryBody.message.slice(0, 4000) },
      });
    await app.inject({
      method: 'POST',
      url: '/b2c-server/rest/policy/logPaymentLifeCycle',
      payload: { ...canaryBody, paymentReferenceNumber: NRIC, policyId: EMAIL },
    });

    // A birthday alone, as a client log's whole text.
    for (const date of BIRTH_DATES)
      await app.inject({
        method: 'POST',
        url: '/b2c-server/b2c/log/error',
        headers,
        payload: { data: `error shown: ${date}` },
      });
    // What operations need stays: a report's range in the request line (decision 107).
    await app.inject({ url: '/back-office/api/admin/dashboard?from=2026-01-01&to=2026-01-31' });
    expect(output).toContain('from=2026-01-01&to=2026-01-31');

    // The sinks were written to: an empty sink would prove nothing.
    expect((await database.db.select().from(clientLogs)).length).toBeGreaterThanOrEqual(4);
    expect((await database.db.select().from(paymentLifecycleLogs)).length).toBeGreaterThanOrEqual(1);
    expect(output).toContain('request completed');
    expect(
      await sinks(),
      output
        .split('\n')
        .filter((line) => /S1234567D/i.test(line))
        .join('\n'),
    ).toEqual([]);
  });

  it('scrubs a log message written from data, not only the logged object', () => {
    const before = output.length;
    app.log.warn(`renewal mail bounced: ${EMAIL} ${NRIC} dob: ${DOB} cvv ${CVV}`);
    app.log.error({ note: 'x' }, `card ${CARD_GROUPED} refused`);
    app.log.info({ traveller: { dates: BIRTH_DATES } }, `born ${BIRTH_DATES.join(', ')}`);
    const logged = output.slice(before);
    expect(logged).toContain('renewal mail bounced');
    expect(findCanaries('the server log', logged)).toEqual([]);
  });

  it('logs a failed query by its code and message, never the policy or Session-Name it carried', async () => {
    // A statement the database refuses, as a full disk or a broken constraint would.
    await database.db.execute(sql`
      create function canary_refuse() returns trigger language plpgsql
      as $$ begin raise exception 'refused for the test' using errcode = 'P0001'; end $$`);
    await database.db.execute(
      sql`create trigger canary_refuse before insert on policies for each row execute function canary_refuse()`,
    );
    try {
      const base = buildTravelPolicy(localDate(2026, 11, 23));
      const policy = {
        ...base,
        policyTravel: {
          ...base.policyTravel,
          applicant: { ...base.policyTravel!.applicant!, fullName: NAME, email: EMAIL, mobileNo: MOBILE },
          travellersList: [{ type: 'ADULT', fullName: NAME, idType: 'NRIC', hkId: NRIC, dateOfBirth: DOB }],
        },
      };
      const quoted = await app.inject({
        method: 'POST',
        url: '/b2c-server/rest/policy/multirate',
        headers,
        payload: policy,
      });
      expect(quoted.statusCode).toBe(200);
      const chosen = {
        ...policy,
        policyTravel: { ...policy.policyTravel, policyPremium: quoted.json().policyTravel.premiumItems[0] },
      };
      const before = output.length;
      const refused = await app.inject({
        method: 'POST',
        url: '/b2c-server/rest/policy/rate',
        headers,
        payload: chosen,
      });
      expect(refused.statusCode).toBe(500);
      const logged = output.slice(before);
      expect(logged).toContain('request failed');
      expect(findCanaries('the server log', logged)).toEqual([]);
      expect(logged).toContain('P0001');
      expect(logged).toContain('refused for the test');
    } finally {
      await database.db.execute(sql`drop trigger canary_refuse on policies`);
      await database.db.execute(sql`drop function canary_refuse`);
    }
  });

  it('keeps a failed job’s record and log line free of the data its query carried', async () => {
    const before = output.length;
    const runner = await startJobs({
      database,
      databaseUrl: database.url,
      jobs: [
        {
          name: 'canary-job',
          async handle() {
            // A query that fails with personal data among its parameters, as a mail or renewal job's might.
            await database.db.execute(
              sql`select ${JSON.stringify(canaryBody)}::jsonb, ${CANARY_SESSION}::uuid`,
            );
            return {};
          },
        },
        {
          name: 'canary-birthday-job',
          async handle() {
            // An error written from the data it failed on: a birthday in every format in its message.
            throw Object.assign(new Error(`no cover for a traveller born ${BIRTH_DATES.join(' or ')}`), {
              code: 'CANARY',
            });
          },
        },
      ],
      logger: app.log,
      schedule: false,
      pollingIntervalSeconds: 0.5,
    });
    try {
      const id = await runner.send('canary-job', {});
      await expect
        .poll(async () => (await runner.boss.getJobById('canary-job', id!))?.output, { timeout: 20_000 })
        .toBeTruthy();
      const job = await runner.boss.getJobById('canary-job', id!);
      const record = JSON.stringify(job!.output);
      expect(record).toContain('22P02');
      expect(findCanaries('the job record', record)).toEqual([]);
      const birthday = await runner.send('canary-birthday-job', {});
      await expect
        .poll(async () => (await runner.boss.getJobById('canary-birthday-job', birthday!))?.output, {
          timeout: 20_000,
        })
        .toBeTruthy();
      const birthdayRecord = JSON.stringify(
        (await runner.boss.getJobById('canary-birthday-job', birthday!))!.output,
      );
      expect(birthdayRecord).toContain('no cover for a traveller born');
      expect(findCanaries('the job record', birthdayRecord)).toEqual([]);
      const logged = output.slice(before);
      expect(logged).toContain('job failed');
      expect(findCanaries('the server log', logged)).toEqual([]);
    } finally {
      await runner.stop();
    }
  });
});
