import { ZInsuredAddressChange } from '@lionrock/domain/home/address-endorsement';
import { ZStepUpCode } from '@lionrock/domain/self-service/access-schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TConfig } from '../../config.ts';
import { postedFields, sendFrameReceipt, ZSignedFrameRequest } from '../../lib/frame-receipt.ts';
import { apiErrors } from '../../lib/openapi.ts';
import { customerOrigin } from '../../lib/shop-origins.ts';
import type { THolderAccess } from '../policyholder/holder-access.ts';
import { MY_POLICY_PREFIX } from '../policyholder/holder-routes.ts';
import { COLLECTION_RECEIPT_PATH, type TEndorsementService } from './endorsement-service.ts';

const ZParams = z.object({ policyId: z.string().max(64) });

const ZInsuredAddressView = z.object({
  changeable: z.boolean(),
  country: z.enum(['SGP', 'HKG']),
  currency: z.string(),
  address: ZInsuredAddressChange,
  reasonKey: z.string().nullable(),
});

const ZInsuredAddressQuote = z.object({
  outcome: z.enum(['none', 'collect', 'refund']),
  currency: z.string(),
  differenceCents: z.number().int().describe('for the days left: positive to collect, negative to return'),
  annualCents: z.number().int().describe("the year's premium at the new address, on the terms sold"),
  from: z.string().describe('DD/MM/YYYY: the day the new address is insured from'),
  daysLeft: z.number().int(),
  termDays: z.number().int(),
  refundTo: z
    .object({ method: z.enum(['CC', 'PN']), cardLast4: z.string() })
    .nullable()
    .describe(
      'where a lower premium goes back: the card paid with (its last four digits), or PayNow by transfer',
    ),
});

const ZInsuredAddressRequest = ZInsuredAddressChange.extend({
  stepUpCode: ZStepUpCode,
  expectedDifferenceCents: z
    .number()
    .int()
    .min(-100_000_000)
    .max(100_000_000)
    .describe('the difference the customer was shown by the quote'),
});

/**
 * A home policy's insured address changed by its holder: an endorsement (decisions 138, 142 and 144).
 * Every call but the gateway's receipt is behind the session and reaches its policy only through
 * `policyOfHolder`; the receipt is bound to its payment by the signed reference.
 */
export async function endorsementRoutes(
  app: FastifyInstance,
  options: { access: THolderAccess; service: TEndorsementService; config: TConfig },
): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { access, service, config } = options;
  const path = `${MY_POLICY_PREFIX}/policies/:policyId/insured-address`;
  const policyOf = (request: FastifyRequest<{ Params: { policyId: string } }>) =>
    access.policyOfHolder(request.policyholder!, request.params.policyId);

  routes.get(
    path,
    {
      preHandler: access.requireHolder,
      schema: {
        tags: ['my-policy'],
        summary: "A home policy's insured address and the facts it is rated on; whether it may change online",
        params: ZParams,
        response: { 200: ZInsuredAddressView, ...apiErrors(401, 404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return service.view(await policyOf(request));
    },
  );

  routes.post(
    `${path}/quote`,
    {
      preHandler: access.requireHolder,
      schema: {
        tags: ['my-policy'],
        summary:
          'Re-rates the home at a new address on the tables it was sold on: the premium difference for the days left',
        params: ZParams,
        body: ZInsuredAddressChange,
        response: { 200: ZInsuredAddressQuote, ...apiErrors(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return service.quote(await policyOf(request), request.body);
    },
  );

  routes.post(
    path,
    {
      preHandler: access.requireHolder,
      schema: {
        tags: ['my-policy'],
        summary:
          'With the step-up code: endorses the new insured address when the premium stays the same, and mails the new schedule',
        params: ZParams,
        body: ZInsuredAddressRequest,
        response: {
          200: z.object({
            policyNumber: z.string(),
            address: ZInsuredAddressChange,
            endorsedFrom: z.string().describe('DD/MM/YYYY'),
            refund: z
              .object({
                amountCents: z.number().int(),
                method: z.enum(['CC', 'PN']),
                cardLast4: z.string(),
                state: z.string().describe('requested, succeeded, failed (operations follow up) or manual'),
                reference: z
                  .string()
                  .describe('the refund’s reference, as the mail and the policy page give it'),
              })
              .nullable(),
          }),
          ...apiErrors(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const { stepUpCode, expectedDifferenceCents, ...change } = request.body;
      return service.change(request.policyholder!, await policyOf(request), change, {
        stepUpCode,
        expectedDifferenceCents,
      });
    },
  );

  routes.post(
    `${path}/payment`,
    {
      preHandler: access.requireHolder,
      schema: {
        tags: ['my-policy'],
        summary:
          'With the step-up code: a signed card payment of the additional premium a new address costs; the gateway’s verified answer endorses the policy',
        params: ZParams,
        body: ZInsuredAddressRequest,
        response: { 200: ZSignedFrameRequest, ...apiErrors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const { stepUpCode, expectedDifferenceCents, ...change } = request.body;
      return service.startCollection(
        request.policyholder!,
        await policyOf(request),
        change,
        { stepUpCode, expectedDifferenceCents },
        customerOrigin(config, request),
      );
    },
  );

  // The gateway's answer, posted by the browser's hidden frame: no Session-Name, no session cookie (a
  // gateway on another site posts it cross-site); it is bound to its payment by the signed reference.
  app.post(COLLECTION_RECEIPT_PATH, { schema: { hide: true } }, async (request, reply) => {
    const result = await service.receiveCollection(postedFields(request));
    return sendFrameReceipt(request, reply, {
      source: 'lionrock-endorsement-receipt',
      result,
      text: result.endorsed ? 'Paid.' : 'Not paid.',
    });
  });
}
