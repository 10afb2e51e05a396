import { ACCOUNT_ROLES } from '@lionrock/domain/back-office/staff-rules';
import { maskEmail } from '@lionrock/domain/self-service/contact-rules';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TDb } from '../../../db/database.ts';
import { agents, staffAccounts, staffSessions } from '../../../db/schema.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { apiErrors } from '../../../lib/openapi.ts';
import { recordAudit } from '../audit.ts';
import { STAFF_API_PREFIX, type TStaffAccess } from '../staff-access.ts';

const BASE = `${STAFF_API_PREFIX}/admin/accounts`;

type TAccountRow = typeof staffAccounts.$inferSelect;

const ZAccountSummary = z.object({
  id: z.string(),
  username: z.string(),
  displayName: z.string(),
  email: z.string(),
  role: z.string(),
  agentCode: z.string().nullable(),
  locked: z.boolean(),
  secondFactorEnrolled: z.boolean(),
  disabled: z.boolean(),
});

/**
 * Operations' account screen (issue 18, decision 086): the accounts of the back office and the agents'
 * desk, made as the CLI makes them, and disabled, enabled, unlocked or sent back to enrol their
 * authenticator. Each change ends the account's sessions where it should and writes an audit row in
 * the same transaction. No one disables their own account.
 */
export async function accountsRoutes(
  app: FastifyInstance,
  options: { access: TStaffAccess; db: TDb; now: () => Date },
) {
  const { access, db, now } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const write = access.requireAccount('accounts.write');

  const summaryOf = (row: TAccountRow, at: Date) => ({
    id: row.id,
    username: row.username,
    displayName: row.displayName,
    email: maskEmail(row.email),
    role: row.role,
    agentCode: row.agentCode,
    locked: row.lockedUntil !== null && row.lockedUntil > at,
    secondFactorEnrolled: row.totpConfirmedAt !== null,
    disabled: row.disabledAt !== null,
  });

  routes.get(
    BASE,
    {
      preHandler: write,
      schema: {
        tags: ['back-office'],
        response: { 200: z.object({ accounts: z.array(ZAccountSummary) }), ...apiErrors(401, 403) },
      },
    },
    async () => {
      const rows = await db.select().from(staffAccounts).orderBy(asc(staffAccounts.username));
      const at = now();
      return { accounts: rows.map((row) => summaryOf(row, at)) };
    },
  );

  routes.post(
    BASE,
    {
      preHandler: write,
      schema: {
        tags: ['back-office'],
        body: z.object({
          username: z.string().max(100),
          displayName: z.string().trim().min(1).max(200),
          email: z.email().max(200),
          role: z.enum(ACCOUNT_ROLES),
          agentCode: z.string().trim().toUpperCase().max(40).nullable().default(null),
          password: z.string().max(200),
        }),
        response: { 200: z.object({ account: ZAccountSummary }), ...apiErrors(400, 401, 403, 409) },
      },
    },
    async (request) => {
      const body = request.body;
      if (body.role === 'agent' && body.agentCode) {
        const [agent] = await db.select().from(agents).where(eq(agents.agentCode, body.agentCode));
        if (!agent) throw new ApiError(400, 'No agent has this code.', { field: 'agentCode' });
      }
      const made = await access.createAccount({ ...body, createdBy: request.account!.username });
      const [row] = await db.select().from(staffAccounts).where(eq(staffAccounts.id, made.id));
      return { account: summaryOf(row!, now()) };
    },
  );

  /** One change to an account: the new columns, whether its sessions end, and the audit's verb. */
  function change(
    path: string,
    action: string,
    apply: (row: TAccountRow, at: Date) => { set: Partial<TAccountRow>; endSessions: boolean },
    check: (row: TAccountRow, actorId: string) => void = () => {},
  ) {
    routes.post(
      `${BASE}/:id/${path}`,
      {
        preHandler: write,
        schema: {
          tags: ['back-office'],
          params: z.object({ id: z.uuid() }),
          response: { 200: z.object({ account: ZAccountSummary }), ...apiErrors(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        const actor = { id: request.account!.id, label: request.account!.username };
        const at = now();
        const [before] = await db.select().from(staffAccounts).where(eq(staffAccounts.id, request.params.id));
        if (!before) throw new ApiError(404, 'No such account.', { field: 'id' });
        check(before, actor.id);
        const { set, endSessions } = apply(before, at);
        const after = await db.transaction(async (tx) => {
          const [updated] = await tx
            .update(staffAccounts)
            .set({ ...set, updatedBy: actor.label, updatedAt: at })
            .where(eq(staffAccounts.id, before.id))
            .returning();
          if (endSessions) await tx.delete(staffSessions).where(eq(staffSessions.accountId, before.id));
          await recordAudit(tx, {
            at,
            actor,
            action,
            entity: 'account',
            entityId: before.id,
            before: summaryOf(before, at),
            after: summaryOf(updated!, at),
          });
          return updated!;
        });
        return { account: summaryOf(after, at) };
      },
    );
  }

  change(
    'disable',
    'disable',
    (_row, at) => ({ set: { disabledAt: at }, endSessions: true }),
    (row, actorId) => {
      if (row.id === actorId)
        throw new ApiError(409, 'You cannot disable your own account.', { field: 'id' });
    },
  );
  change('enable', 'enable', () => ({
    set: { disabledAt: null, failedSignIns: 0, lockedUntil: null },
    endSessions: false,
  }));
  change('unlock', 'unlock', () => ({ set: { failedSignIns: 0, lockedUntil: null }, endSessions: false }));
  // The next sign-in shows a new secret to enrol; whoever holds the old authenticator is signed out.
  change('reset-second-factor', 'reset-second-factor', () => ({
    set: { totpSecret: null, totpConfirmedAt: null, totpLastStep: null },
    endSessions: true,
  }));
}
