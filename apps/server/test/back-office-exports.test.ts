import { localDate } from '@lionrock/domain/dates/local-date';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { auditLog, policies } from '../src/db/schema.ts';
import { BACK_OFFICE, signedInAs, type TSignedIn } from './helpers/back-office.ts';
import { buyTravelPolicy, type TBought } from './helpers/purchase.ts';
import { buildTestApp } from './helpers/test-app.ts';
import { createTestDatabase, describeEachDriver, type TTestDatabase } from './helpers/test-database.ts';

const EXPORT = `${BACK_OFFICE}/admin/policies/export`;
const FORMULA = '=HYPERLINK("http://evil.example","Click")';

/**
 * Lists out of the back office (issue 31, "Reports out"): the policies list as CSV and Excel, what the
 * list shows and no more. How would it break? A holder's name typed as a formula that a spreadsheet
 * runs when opened; an export that shows whole what the list masks; a role that may not read policies
 * taking them out anyway; an export nobody can account for afterwards.
 */
describeEachDriver('back-office exports', (driver) => {
  let database: TTestDatabase;
  let app: FastifyInstance;
  let operations: TSignedIn;
  let bought: TBought;
  const clock = new Date('2026-11-25T02:00:00.000Z');

  beforeAll(async () => {
    database = await createTestDatabase(driver);
    app = await buildTestApp(database, { now: () => clock });
    operations = await signedInAs(app, 'operations', { at: clock });
    bought = await buyTravelPolicy(app, database.db, {
      today: localDate(2026, 11, 25),
      session: 'export-0001',
    });
    // A holder's name as a hostile partner's system might have sent it: stored as it came.
    await database.db
      .update(policies)
      .set({
        document: sql`jsonb_set(${policies.document}, '{policyTravel,applicant,fullName}', ${JSON.stringify(FORMULA)}::jsonb)`,
      })
      .where(eq(policies.policyId, bought.policyId));
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  const get = (path: string, who: TSignedIn = operations) =>
    app.inject({ method: 'GET', url: `${EXPORT}${path}`, headers: who.headers });

  it('gives the list as CSV: masked as the list shows it, a formula kept as text, the amount a number', async () => {
    const answer = await get(`/csv?q=${bought.policyNumber}`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toMatch(/attachment; filename="policies-2026-11-25\.csv"/);
    const [header, row, ...rest] = answer.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(rest).toEqual([]);
    expect(header).toContain('"Policy number","Status"');
    expect(row).toContain(`"${bought.policyNumber}","issued","PTR","SGP"`);
    expect(row).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")"`);
    // The ID and the e-mail masked, as on the list; the total a plain number.
    const idNumber = (bought.row.document as { policyTravel: { applicant: { hkId: string } } }).policyTravel
      .applicant.hkId;
    expect(row).not.toContain(idNumber);
    expect(row).toMatch(/\*/);
    expect(row).toContain(`,"SGD",${bought.row.totalCents! / 100},`);
  });

  it('gives the same as an Excel workbook whose cells run nothing', async () => {
    const answer = await get(`/xlsx?q=${bought.policyNumber}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(answer.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Policies')!;
    expect(sheet.rowCount).toBe(2);
    const values = (sheet.getRow(2).values as unknown[]).slice(1);
    expect(values).toContain(`'${FORMULA}`);
    expect(values.some((value) => typeof value === 'object' && value !== null && 'formula' in value)).toBe(
      false,
    );
    expect(values).toContain(bought.row.totalCents! / 100);
  });

  it('refuses a role that may not read policies, and an unknown format; audits each export', async () => {
    for (const role of ['marketing', 'claims'] as const) {
      const who = await signedInAs(app, role, { at: clock });
      expect((await get('/csv', who)).statusCode).toBe(403);
    }
    expect((await get('/pdf')).statusCode).toBe(400);
    const trail = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'policy'), eq(auditLog.action, 'export')))
      .orderBy(auditLog.id);
    expect(trail.map((row) => [row.actor, (row.after as { format: string }).format])).toEqual([
      [operations.username, 'csv'],
      [operations.username, 'xlsx'],
    ]);
    expect(trail[0]!.after).toMatchObject({ rows: 1, filters: { q: bought.policyNumber } });
  });
});
