import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contentDisposition } from '../../lib/content-disposition.ts';
import { apiErrors, binary } from '../../lib/openapi.ts';
import type { THolderAccess, TPolicyholder } from './holder-access.ts';
import { MY_POLICY_PREFIX } from './holder-routes.ts';
import type { TMyPolicyService } from './my-policy-service.ts';

const ZParams = z.object({ policyId: z.string().max(60) });

const ZPolicyDetailsSchema = z.object({
  policyId: z.string(),
  policyNumber: z.string(),
  productType: z.string(),
  country: z.string(),
  status: z.string(),
  startDate: z.string().meta({ description: 'DD/MM/YYYY' }),
  endDate: z.string().meta({ description: 'DD/MM/YYYY' }),
  planCode: z.string(),
  planName: z.object({ en: z.string(), zh: z.string() }),
  insuredPersons: z.array(
    z.object({
      name: z.string(),
      role: z.string(),
      idNumber: z.string().meta({ description: 'masked: the first character and the last four' }),
    }),
  ),
  currency: z.string(),
  premiumCents: z.number().int(),
  taxCents: z.number().int(),
  totalCents: z.number().int(),
  payment: z.object({ method: z.string(), card: z.string().nullable() }).nullable(),
  refunds: z
    .array(
      z.object({
        reference: z.string().meta({
          description: 'the refund’s reference, as its mail (cancellation or endorsement) gives it',
        }),
        amountCents: z.number().int(),
        state: z
          .string()
          .meta({ description: 'requested, succeeded, failed (operations follow up) or manual' }),
        method: z.string(),
        basis: z.string().meta({
          description:
            'free-look, short-period (a cancellation), endorsement, or unapplied (a change of address paid after the policy changed)',
        }),
      }),
    )
    .meta({ description: 'the policy’s refunds, oldest first' }),
  autoRenewal: z.object({
    on: z.boolean(),
    canTurnOn: z.boolean(),
    blockedBecause: z.string().nullable(),
  }),
  renewal: z.object({
    mails: z.array(z.object({ kind: z.string(), status: z.string(), at: z.string() })),
    renewedPolicyNumber: z.string().nullable(),
    renewed: z
      .object({
        policyId: z.string(),
        policyNumber: z.string(),
        chargedCents: z.number().int(),
        startDate: z.string().meta({ description: 'DD/MM/YYYY' }),
        endDate: z.string().meta({ description: 'DD/MM/YYYY' }),
      })
      .nullable()
      .meta({ description: 'the renewal charged and issued, once it is' }),
  }),
  wordingUrl: z.string(),
});

/** A signed-in policyholder's calls about one of their policies (design section 12). */
export async function myPolicyRoutes(
  app: FastifyInstance,
  options: { service: TMyPolicyService; access: THolderAccess },
): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { service, access } = options;
  const mine = (holder: TPolicyholder, policyId: string) => access.policyOfHolder(holder, policyId);

  routes.get(
    `${MY_POLICY_PREFIX}/policies/:policyId`,
    {
      preHandler: access.requireHolder,
      schema: {
        tags: ['my-policy'],
        summary:
          'One of the policyholder’s policies: details, insured persons, premium, auto-renewal, renewal mail',
        params: ZParams,
        response: { 200: ZPolicyDetailsSchema, ...apiErrors(401, 404) },
      },
    },
    async (request, reply) => {
      const row = await mine(request.policyholder!, request.params.policyId);
      reply.header('cache-control', 'private, no-store');
      return service.details(row);
    },
  );

  routes.get(
    `${MY_POLICY_PREFIX}/policies/:policyId/schedule`,
    {
      preHandler: access.requireHolder,
      schema: {
        tags: ['my-policy'],
        summary: 'The policy schedule PDF',
        params: ZParams,
        response: {
          200: binary(['application/pdf'], 'The schedule, as an attachment'),
          ...apiErrors(401, 404),
        },
      },
    },
    async (request, reply) => {
      const row = await mine(request.policyholder!, request.params.policyId);
      const file = await service.schedule(row);
      return reply
        .type('application/pdf')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', contentDisposition(file.fileName))
        .send(file.pdf);
    },
  );

  routes.post(
    `${MY_POLICY_PREFIX}/policies/:policyId/resend`,
    {
      preHandler: access.requireHolder,
      schema: {
        tags: ['my-policy'],
        summary: 'Sends the policy e-mail (with the schedule) again to the address on the policy',
        params: ZParams,
        response: { 200: z.object({ queued: z.literal(true) }), ...apiErrors(401, 404, 409, 429) },
      },
    },
    async (request) => {
      const row = await mine(request.policyholder!, request.params.policyId);
      await service.resend(row);
      return { queued: true as const };
    },
  );

  routes.post(
    `${MY_POLICY_PREFIX}/policies/:policyId/auto-renewal`,
    {
      preHandler: access.requireHolder,
      schema: {
        tags: ['my-policy'],
        summary: 'Turns auto-renewal off, or on again where the policy may still renew',
        params: ZParams,
        body: z.object({ on: z.boolean() }),
        response: { 200: ZPolicyDetailsSchema, ...apiErrors(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      const row = await mine(request.policyholder!, request.params.policyId);
      await service.setAutoRenewal(row, request.body.on);
      reply.header('cache-control', 'private, no-store');
      return service.details(await mine(request.policyholder!, request.params.policyId));
    },
  );
}
