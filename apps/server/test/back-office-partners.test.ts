import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { auditLog, staffCodes } from '../src/db/schema.ts';
import { BACK_OFFICE, signedInAs, type TSignedIn } from './helpers/back-office.ts';
import { buildTestApp } from './helpers/test-app.ts';
import { createTestDatabase, describeEachDriver, type TTestDatabase } from './helpers/test-database.ts';

const PARTNERS = `${BACK_OFFICE}/admin/partners`;
const AT = new Date('2026-11-25T03:00:00Z');

const NEW_AGENT = {
  agentCode: 'AG3001',
  name: 'Marina Bay Advisers',
  agency: 'Marina Bay',
  email: 'desk@marinabay.example',
  tel: '62223333',
  registrationNo: 'MAS-3001',
  country: 'SGP',
  isDefault: false,
  active: true,
};

/**
 * Marketing's partner data (issue 18): agents, sub-agents, agent campaigns and staff codes, with a CSV
 * import that reports each row and saves only the good ones, and only when asked.
 */
describeEachDriver('back office: partners', (driver) => {
  let database: TTestDatabase;
  let app: FastifyInstance;
  let marketing: TSignedIn;
  let readOnly: TSignedIn;

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    app = await buildTestApp(database, { now: () => AT });
    marketing = await signedInAs(app, 'marketing', { at: AT });
    readOnly = await signedInAs(app, 'read_only', { at: AT });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('lists agents with their e-mail masked, and lets only marketing create or edit one (audited)', async () => {
    const list = await app.inject({ method: 'GET', url: `${PARTNERS}/agents`, headers: readOnly.headers });
    expect(list.statusCode).toBe(200);
    const ag1001 = list.json().agents.find((agent: { agentCode: string }) => agent.agentCode === 'AG1001');
    expect(ag1001.email).toMatch(/^\w\*\*\*@\w\*\*\*\./);
    expect(ag1001.registrationNo).toBeTruthy();
    expect(ag1001.subAgents).toBeGreaterThan(0);

    const refused = await app.inject({
      method: 'POST',
      url: `${PARTNERS}/agents`,
      headers: readOnly.headers,
      payload: NEW_AGENT,
    });
    expect(refused.statusCode).toBe(403);
    const broken = await app.inject({
      method: 'POST',
      url: `${PARTNERS}/agents`,
      headers: marketing.headers,
      payload: { ...NEW_AGENT, email: 'not-an-address' },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().field).toBe('email');
    const made = await app.inject({
      method: 'POST',
      url: `${PARTNERS}/agents`,
      headers: marketing.headers,
      payload: NEW_AGENT,
    });
    expect(made.statusCode).toBe(200);
    const again = await app.inject({
      method: 'POST',
      url: `${PARTNERS}/agents`,
      headers: marketing.headers,
      payload: NEW_AGENT,
    });
    expect(again.statusCode).toBe(409);

    // An edit without e-mail and telephone keeps them.
    const { email: _email, tel: _tel, agentCode: _code, ...rest } = NEW_AGENT;
    const edited = await app.inject({
      method: 'PUT',
      url: `${PARTNERS}/agents/AG3001`,
      headers: marketing.headers,
      payload: { ...rest, registrationNo: 'MAS-3001-B' },
    });
    expect(edited.statusCode).toBe(200);
    const rows = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'agent'), eq(auditLog.entityId, 'AG3001')));
    expect(rows.map((row) => row.action).sort()).toEqual(['create', 'update']);
    const update = rows.find((row) => row.action === 'update')!;
    expect(update.after).toMatchObject({ registrationNo: 'MAS-3001-B', email: 'd***@m***.example' });
    expect(update.actor).toBe(marketing.username);
  });

  it('adds a sub-agent and an agent campaign to an agent and shows them with it', async () => {
    const sub = await app.inject({
      method: 'POST',
      url: `${PARTNERS}/agents/AG3001/sub-agents`,
      headers: marketing.headers,
      payload: { subAgentCode: 'S01', name: 'Tan Wei', email: 'wei@marinabay.example', tel: '91234567' },
    });
    expect(sub.statusCode).toBe(200);
    const campaign = await app.inject({
      method: 'POST',
      url: `${PARTNERS}/agent-campaigns`,
      headers: marketing.headers,
      payload: {
        code: 'AG3001-PTR',
        accountNo: 'AG3001',
        productCode: 'PTR',
        country: 'SGP',
        accountCommissionRate: 2000,
        campaignCommissionRate: 2500,
      },
    });
    expect(campaign.statusCode).toBe(400);
    expect(campaign.json().field).toBe('campaignCommissionRate');
    const saved = await app.inject({
      method: 'POST',
      url: `${PARTNERS}/agent-campaigns`,
      headers: marketing.headers,
      payload: {
        code: 'AG3001-PTR',
        accountNo: 'AG3001',
        productCode: 'PTR',
        country: 'SGP',
        accountCommissionRate: 2500,
        campaignCommissionRate: 1500,
      },
    });
    expect(saved.statusCode).toBe(200);
    const edited = await app.inject({
      method: 'PUT',
      url: `${PARTNERS}/agent-campaigns/${saved.json().id}`,
      headers: marketing.headers,
      payload: {
        code: 'AG3001-PTR',
        accountNo: 'AG3001',
        productCode: 'PTR',
        country: 'SGP',
        accountCommissionRate: 2500,
        campaignCommissionRate: 1000,
      },
    });
    expect(edited.statusCode).toBe(200);
    const detail = await app.inject({
      method: 'GET',
      url: `${PARTNERS}/agents/AG3001`,
      headers: readOnly.headers,
    });
    expect(detail.statusCode).toBe(200);
    const body = detail.json();
    expect(body.subAgents).toEqual([
      expect.objectContaining({ subAgentCode: 'S01', email: 'w***@m***.example', tel: '****4567' }),
    ]);
    expect(body.campaigns).toEqual([
      expect.objectContaining({ code: 'AG3001-PTR', campaignCommissionRate: 1000 }),
    ]);
  });

  it('imports staff codes: a dry run reports each row, apply saves only the good ones in one go (audited)', async () => {
    const csv = [
      'agentCode,country,productCode,staffCode',
      'AG3001,SGP,PTR,ST3001T',
      'AG3001,SGP,PAN,ST3001P',
      '"AG3001","SGP","PHM","ST3001H"',
      '',
      'AG9999,SGP,PTR,ST9999T',
      'AG3001,HKG,PTR,ST3001T',
      `AG3001,HKG,PAN,${'X'.repeat(25)}`,
    ].join('\r\n');
    const dry = await app.inject({
      method: 'POST',
      url: `${PARTNERS}/staff-codes/import`,
      headers: marketing.headers,
      payload: { csv },
    });
    expect(dry.statusCode).toBe(200);
    expect(dry.json()).toMatchObject({ applied: false, ok: 3, errors: 3 });
    expect(
      dry
        .json()
        .report.filter((row: { status: string }) => row.status === 'error')
        .map((row: { row: number; field: string }) => [row.row, row.field]),
    ).toEqual([
      // Rows as the spreadsheet numbers them: the empty row 5 counts (issue 31).
      [6, 'agentCode'],
      // A Singapore agent is given no Hong Kong code (agentSellsIn).
      [7, 'country'],
      [8, 'staffCode'],
    ]);
    const none = await database.db.select().from(staffCodes).where(eq(staffCodes.agentCode, 'AG3001'));
    expect(none).toEqual([]);

    const byReadOnly = await app.inject({
      method: 'POST',
      url: `${PARTNERS}/staff-codes/import`,
      headers: readOnly.headers,
      payload: { csv, apply: true },
    });
    expect(byReadOnly.statusCode).toBe(403);
    const applied = await app.inject({
      method: 'POST',
      url: `${PARTNERS}/staff-codes/import`,
      headers: marketing.headers,
      payload: { csv, apply: true },
    });
    expect(applied.json()).toMatchObject({ applied: true, ok: 3, errors: 3 });
    const list = await app.inject({
      method: 'GET',
      url: `${PARTNERS}/staff-codes?agentCode=AG3001`,
      headers: readOnly.headers,
    });
    expect(
      list
        .json()
        .staffCodes.map((row: { staffCode: string }) => row.staffCode)
        .sort(),
    ).toEqual(['ST3001H', 'ST3001P', 'ST3001T']);
    const [audit] = await database.db.select().from(auditLog).where(eq(auditLog.entity, 'staff-codes'));
    expect(audit).toMatchObject({ action: 'import', after: { rows: 6, saved: 3, refused: 3 } });

    const noHeader = await app.inject({
      method: 'POST',
      url: `${PARTNERS}/staff-codes/import`,
      headers: marketing.headers,
      payload: { csv: 'AG3001,SGP,PTR,ST1' },
    });
    expect(noHeader.statusCode).toBe(400);
    expect(noHeader.json().field).toBe('csv');
  });
});
