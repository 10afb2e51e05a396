import { validateAccessCode, validateSignIn } from '@lionrock/domain/self-service/access-rules';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '../../lib/api-error.ts';
import { apiErrors } from '../../lib/openapi.ts';
import type { TAccessService } from './access-service.ts';
import type { THolderAccess } from './holder-access.ts';
import { MY_POLICY_PREFIX, policySummary, ZPolicySummary } from './holder-routes.ts';

const ZAccessStartRequestSchema = z.object({
  policyNumber: z.string().max(40),
  idNumber: z.string().max(40),
  dateOfBirth: z.string().max(20).meta({ description: 'DD/MM/YYYY' }),
  language: z.enum(['en', 'zh']).optional(),
});
const ZAccessStartAnswerSchema = z.object({
  accepted: z.literal(true),
  challenge: z.string().describe('Sent back with the code: only this browser can use the code mailed for it'),
});
const ZAccessVerifyRequestSchema = z.object({ challenge: z.string().max(100), code: z.string().max(20) });
const ZAccessLinkRequestSchema = z.object({
  policyId: z.string().max(60),
  n: z.string().max(100),
  e: z.string().max(20),
  sig: z.string().max(100),
});
const ZSignedInSchema = z.object({
  country: z.string(),
  policies: z.array(ZPolicySummary),
  /** The policy the link was for (link sign-in only). */
  policyId: z.string().optional(),
});

/** Signing in without an account (design section 12, decision 101): start a code, use it, or open a mailed link. */
export async function accessRoutes(
  app: FastifyInstance,
  options: { service: TAccessService; access: THolderAccess },
): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { service, access } = options;

  routes.post(
    `${MY_POLICY_PREFIX}/access/start`,
    {
      schema: {
        tags: ['my-policy'],
        summary:
          'Sends a one-time code to the policy e-mail when the three facts match; the same answer whether they do or not',
        body: ZAccessStartRequestSchema,
        response: { 200: ZAccessStartAnswerSchema, ...apiErrors(400, 429) },
      },
    },
    async (request, reply) => {
      const errors = validateSignIn(request.body);
      const [field, messageKey] = Object.entries(errors)[0] ?? [];
      if (field) throw new ApiError(400, 'Please check this field.', { field, messageKey: messageKey! });
      const { challenge } = await service.start(request.body);
      reply.header('cache-control', 'no-store');
      return { accepted: true as const, challenge };
    },
  );

  routes.post(
    `${MY_POLICY_PREFIX}/access/verify`,
    {
      schema: {
        tags: ['my-policy'],
        summary:
          "Proves the policy's mailbox with the e-mailed code (once, within its minutes and tries): the session reaches the policies at that address",
        body: ZAccessVerifyRequestSchema,
        response: { 200: ZSignedInSchema, ...apiErrors(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const messageKey = validateAccessCode(request.body.code);
      if (messageKey)
        throw new ApiError(400, 'Please enter the code from the e-mail.', { field: 'code', messageKey });
      const holder = await service.verify(request, reply, request.body);
      reply.header('cache-control', 'no-store');
      return {
        country: holder.country,
        policies: (await access.policiesOfHolder(holder)).map(policySummary),
      };
    },
  );

  routes.post(
    `${MY_POLICY_PREFIX}/access/link`,
    {
      schema: {
        tags: ['my-policy'],
        summary:
          'Proves the mailbox with the "Manage your policy" link of a mail to it (once, within hours); a used, expired or forged link says which',
        body: ZAccessLinkRequestSchema,
        response: { 200: ZSignedInSchema, ...apiErrors(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const { holder, policyId } = await service.openLink(request, reply, request.body);
      reply.header('cache-control', 'no-store');
      return {
        country: holder.country,
        policyId,
        policies: (await access.policiesOfHolder(holder)).map(policySummary),
      };
    },
  );
}
