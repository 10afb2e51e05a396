import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrors, holderSession } from '../../lib/openapi.ts';
import type { TPolicyRow } from '../policy/policy-repository.ts';
import type { THolderAccess } from './holder-access.ts';

/** Where every after-sale call of the policyholder lives (`/b2c-server/rest/my-policy/…`). */
export const MY_POLICY_PREFIX = '/b2c-server/rest/my-policy';

export const ZPolicySummary = z.object({
  policyId: z.string(),
  policyNumber: z.string(),
  productType: z.string(),
  status: z.string(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
});

/** A policy as the list of the holder's policies shows it. */
export function policySummary(row: TPolicyRow): z.infer<typeof ZPolicySummary> {
  return {
    policyId: row.policyId,
    policyNumber: row.policyNumber!,
    productType: row.productType,
    status: row.status,
    startDate: row.startDate,
    endDate: row.endDate,
  };
}

/** The session's own calls: who is signed in and their policies; signing out. */
export async function holderRoutes(app: FastifyInstance, options: { access: THolderAccess }): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { access } = options;
  routes.get(
    `${MY_POLICY_PREFIX}/session`,
    {
      preHandler: access.requireHolder,
      schema: {
        ...holderSession(),
        tags: ['my-policy'],
        summary: "The policyholder's live session: the market and the policies they hold",
        response: {
          200: z.object({ country: z.string(), policies: z.array(ZPolicySummary) }),
          ...apiErrors(401),
        },
      },
    },
    async (request, reply) => {
      const holder = request.policyholder!;
      const rows = await access.policiesOfHolder(holder);
      reply.header('cache-control', 'private, no-store');
      return {
        country: holder.country,
        policies: rows.map(policySummary),
      };
    },
  );
  routes.post(
    `${MY_POLICY_PREFIX}/sign-out`,
    {
      schema: {
        ...holderSession(),
        tags: ['my-policy'],
        summary: "Ends the policyholder's session",
        response: { 200: z.object({ signedOut: z.literal(true) }) },
      },
    },
    async (request, reply) => {
      await access.endSession(request, reply);
      return { signedOut: true as const };
    },
  );
}
