import {
  ZPasswordResetFinish,
  ZPasswordResetStart,
  ZStaffCode,
  ZStaffSignIn,
} from '@lionrock/domain/back-office/accounts-requests';
import {
  ACCOUNT_ROLES,
  AUDITED_RECORD_KINDS,
  AUDITED_RECORDS,
  can,
} from '@lionrock/domain/back-office/staff-rules';
import { COUNTRIES, isCountry } from '@lionrock/domain/market/market';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '../../lib/api-error.ts';
import { apiErrors } from '../../lib/openapi.ts';
import type { TAuditTrail } from './audit.ts';
import { auditEntryView } from './audit.ts';
import { STAFF_API_PREFIX, type TStaffAccess } from './staff-access.ts';

const ZAccount = z.object({
  id: z.string(),
  username: z.string(),
  displayName: z.string(),
  role: z.enum(ACCOUNT_ROLES),
  agentCode: z.string().nullable(),
  /** An agent's market (where it is registered to sell, decision 111): the desk's script and first market. */
  market: z.enum(COUNTRIES).nullable(),
});

const ZSession = z.object({
  stage: z.enum(['password', 'ready']),
  account: ZAccount.nullable(),
  csrfToken: z.string(),
  /** On a first sign-in: the new TOTP secret to add to an authenticator app, and its otpauth address. */
  enrol: z.object({ secret: z.string(), uri: z.string() }).nullable(),
});

/**
 * Signing in and out of the back office and the agents' desk, the password reset, and the audit trail
 * of a record (decision 078). Under `/back-office/api`: the pages at `/admin` and `/agent` call it.
 */
export async function backOfficeSessionRoutes(
  app: FastifyInstance,
  options: {
    access: TStaffAccess;
    /** The audit trail the staff pages read beside a record (decision 106). */
    audit: Pick<TAuditTrail, 'of'>;
    /** The market an agent code is registered in; undefined for none (staff accounts have no code). */
    agentMarketOf: (agentCode: string) => Promise<string | undefined>;
  },
): Promise<void> {
  const { access } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const strict = { rateLimit: { max: 30, timeWindow: '1 minute' } };
  const publicAccount = async (
    account: Omit<z.infer<typeof ZAccount>, 'market'> & Record<string, unknown>,
  ) => {
    const market = account.agentCode ? await options.agentMarketOf(account.agentCode) : undefined;
    return {
      id: account.id,
      username: account.username,
      displayName: account.displayName,
      role: account.role,
      agentCode: account.agentCode,
      market: isCountry(market) ? market : null,
    };
  };

  routes.post(
    `${STAFF_API_PREFIX}/session/sign-in`,
    {
      config: strict,
      schema: {
        tags: ['back-office'],
        body: ZStaffSignIn,
        response: { 200: ZSession, ...apiErrors(401, 423) },
      },
    },
    async (request, reply) => {
      const answer = await access.signIn(request, reply, request.body);
      return answer.stage === 'ready'
        ? {
            stage: 'ready' as const,
            account: await publicAccount(answer.account),
            csrfToken: answer.csrfToken,
            enrol: null,
          }
        : { stage: 'password' as const, account: null, csrfToken: answer.csrfToken, enrol: answer.enrol };
    },
  );

  routes.post(
    `${STAFF_API_PREFIX}/session/code`,
    {
      config: strict,
      schema: {
        tags: ['back-office'],
        body: ZStaffCode,
        response: { 200: ZSession, ...apiErrors(401, 403, 423) },
      },
    },
    async (request) => {
      const account = await access.confirmCode(request, request.body.code);
      const me = await access.whoIs(request);
      return {
        stage: 'ready' as const,
        account: await publicAccount(account),
        csrfToken: me!.csrfToken,
        enrol: null,
      };
    },
  );

  routes.get(
    `${STAFF_API_PREFIX}/session`,
    { schema: { tags: ['back-office'], response: { 200: ZSession, ...apiErrors(401) } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const me = await access.whoIs(request);
      if (!me) throw new ApiError(401, 'Please sign in.', { field: 'session' });
      return {
        stage: me.stage,
        account: me.stage === 'ready' ? await publicAccount(me.account) : null,
        csrfToken: me.csrfToken,
        enrol: null,
      };
    },
  );

  routes.post(
    `${STAFF_API_PREFIX}/session/sign-out`,
    { schema: { tags: ['back-office'], response: { 200: z.object({ signedOut: z.literal(true) }) } } },
    async (request, reply) => {
      await access.signOut(request, reply);
      return { signedOut: true as const };
    },
  );

  routes.post(
    `${STAFF_API_PREFIX}/session/reset`,
    {
      config: strict,
      schema: {
        tags: ['back-office'],
        body: ZPasswordResetStart,
        response: { 200: z.object({ sent: z.literal(true) }) },
      },
    },
    async (request) => {
      await access.startReset(request, request.body.username);
      // The same answer whether or not there is such an account.
      return { sent: true as const };
    },
  );

  routes.post(
    `${STAFF_API_PREFIX}/session/reset/finish`,
    {
      config: strict,
      schema: {
        tags: ['back-office'],
        body: ZPasswordResetFinish,
        response: { 200: z.object({ reset: z.literal(true) }) },
      },
    },
    async (request) => {
      await access.finishReset(request.body.token, request.body.password);
      return { reset: true as const };
    },
  );

  routes.get(
    `${STAFF_API_PREFIX}/audit`,
    {
      preHandler: access.requireAccount('audit.read'),
      schema: {
        tags: ['back-office'],
        querystring: z.object({ entity: z.enum(AUDITED_RECORD_KINDS), entityId: z.string().min(1).max(100) }),
        response: {
          200: z.object({
            entries: z.array(
              z.object({
                at: z.string(),
                actor: z.string(),
                action: z.string(),
                before: z.unknown(),
                after: z.unknown(),
                note: z.string().nullable(),
              }),
            ),
          }),
          ...apiErrors(401, 403),
        },
      },
    },
    async (request) => {
      // The trail of a record only for a role that may read that kind of record (decision 106).
      if (!can(request.account!.role, AUDITED_RECORDS[request.query.entity]))
        throw new ApiError(403, 'Your role does not allow this.', { field: 'role' });
      const rows = await options.audit.of(request.query.entity, request.query.entityId);
      return {
        entries: rows.map(auditEntryView),
      };
    },
  );
}
