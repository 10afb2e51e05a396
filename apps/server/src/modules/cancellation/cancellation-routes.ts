import { ZStepUpCode } from '@lionrock/domain/self-service/access-schemas';
import { CANCELLATION_REASON_MAX_LENGTH } from '@lionrock/domain/self-service/cancellation-rules';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrors } from '../../lib/openapi.ts';
import type { THolderAccess } from '../policyholder/holder-access.ts';
import { MY_POLICY_PREFIX } from '../policyholder/holder-routes.ts';
import type { TCancellationService } from './cancellation-service.ts';

const ZParams = z.object({ policyId: z.string().max(64) });

const ZCancellationView = z.object({
  policyId: z.string(),
  policyNumber: z.string(),
  status: z.string(),
  currency: z.string(),
  allowed: z.boolean(),
  basis: z.enum(['free-look', 'short-period', 'none']),
  refundCents: z.number().int(),
  reasonKey: z.string(),
  freeLookEnds: z.string(),
  paymentMethod: z.enum(['CC', 'PN']).nullable(),
  cardLast4: z.string(),
  refund: z
    .object({
      state: z.string(),
      amountCents: z.number().int(),
      method: z.string(),
      reference: z
        .string()
        .meta({ description: 'the refund’s reference the customer quotes (decision 129)' }),
    })
    .nullable(),
});

export const ZCancelRequestSchema = z.object({
  /** The customer answered "Are you sure?" with yes. */
  confirm: z.literal(true),
  /** Why, in the customer's words (kept with the policy's event, never logged). */
  reason: z.string().max(CANCELLATION_REASON_MAX_LENGTH).optional(),
  /** The code step-up mailed to the policy's address for this cancellation (decision 102). */
  stepUpCode: ZStepUpCode,
});

/** Free-look and short-period cancellation of the holder's own policy (decisions 071 and 072). */
export async function cancellationRoutes(
  app: FastifyInstance,
  options: { access: THolderAccess; service: TCancellationService },
): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { access, service } = options;
  const path = `${MY_POLICY_PREFIX}/policies/:policyId/cancellation`;
  routes.get(
    path,
    {
      preHandler: access.requireHolder,
      schema: {
        tags: ['my-policy'],
        summary: 'What cancelling the policy today would refund, or why it cannot be cancelled online',
        params: ZParams,
        response: { 200: ZCancellationView, ...apiErrors(400, 401, 404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return service.quote(request.policyholder!, request.params.policyId);
    },
  );
  routes.post(
    path,
    {
      preHandler: access.requireHolder,
      schema: {
        tags: ['my-policy'],
        summary:
          'With the step-up code: cancels the policy (free look or short period) and refunds it; a repeat answers the same',
        params: ZParams,
        body: ZCancelRequestSchema,
        response: { 200: ZCancellationView, ...apiErrors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return service.cancel(
        request.policyholder!,
        request.params.policyId,
        request.body.reason,
        request.body.stepUpCode,
      );
    },
  );
}
