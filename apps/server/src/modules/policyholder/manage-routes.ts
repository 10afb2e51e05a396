import { STEP_UP_PURPOSES } from '@lionrock/domain/self-service/access-rules';
import { ZStepUpCode } from '@lionrock/domain/self-service/access-schemas';
import { FIELD_LENGTHS } from '@lionrock/domain/validation/field-lengths';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TConfig } from '../../config.ts';
import { postedFields, sendFrameReceipt, ZSignedFrameRequest } from '../../lib/frame-receipt.ts';
import { apiErrors } from '../../lib/openapi.ts';
import { customerOrigin } from '../../lib/shop-origins.ts';
import type { TContactService } from './contact-service.ts';
import type { THolderAccess } from './holder-access.ts';
import { MY_POLICY_PREFIX } from './holder-routes.ts';
import { CARD_RECEIPT_PATH, type TRenewalCardService } from './renewal-card-service.ts';
import type { TStepUpService } from './step-up-service.ts';

const ZPolicyParams = z.object({ policyId: z.string().max(64) });

// The correspondence address (issue 29) in the applicant's own fields; generous caps, the domain's
// address rule (decision 057) names the field and its message key.
const ZCorrespondenceAddress = z.object({
  applicantBuildingStreetNo: z.string().max(60).optional(),
  applicantStreetName: z.string().max(120).optional(),
  applicantUnitNo: z.string().max(60).optional(),
  applicantBuildingName: z.string().max(120).optional(),
  applicantPostCode: z.string().max(30).optional(),
  applicantDistrict: z.string().max(60).optional(),
});

const ZContactView = z.object({
  mobileNoCountryCode: z.string(),
  mobileNo: z.string(),
  email: z.string().describe('The address, masked'),
  pendingEmail: z.string().nullable().describe('A new address waiting for its code, masked'),
  correspondenceAddress: ZCorrespondenceAddress.nullable().describe(
    'The correspondence address, or null when the policy has none',
  ),
  appliedTo: z
    .array(z.string())
    .optional()
    .describe('After a change: the numbers of the policies it was written to, this one first'),
});

const ZStepUpRequest = z.object({ purpose: z.enum(STEP_UP_PURPOSES), language: z.enum(['en', 'zh']) });
const ZStepUpAnswer = z.object({
  sentTo: z.string().describe('The address the code went to, masked'),
  validMinutes: z.number().int(),
});

// Generous caps: the domain's rules (the applicant page's) name the field and its message key.
const ZContactChangeRequest = z.object({
  mobileNoCountryCode: z.string().max(FIELD_LENGTHS.mobileCountryCode + 8),
  mobileNo: z.string().max(FIELD_LENGTHS.mobile + 8),
  email: z
    .string()
    .max(FIELD_LENGTHS.email + 8)
    .optional()
    .describe('Left out: the address stays'),
  correspondenceAddress: ZCorrespondenceAddress.optional().describe(
    'Left out: the correspondence address stays; given, it is saved at once (issue 29)',
  ),
  stepUpCode: ZStepUpCode,
  applyToAll: z
    .boolean()
    .optional()
    .describe(
      'Also every other in-force policy of the same holder at this address (issue 29); never names them',
    ),
});

const ZConfirmEmailRequest = z.object({ code: z.string().max(12) });
const ZUndoRequest = z.object({ token: z.string().min(1).max(100) });

const ZRenewalCardView = z.object({
  changeable: z.boolean(),
  card: z.object({ masked: z.string(), expiry: z.string() }).nullable(),
});

/**
 * The policyholder's own changes after the sale (design section 12, decisions 069 and 102): contact
 * details and the card that pays the renewals, each confirmed first by a step-up code from the address
 * on the policy, and the old address's undo of a change of address. Every call but the gateway's
 * receipt and the undo (whose link is its proof) is behind the session (`requireHolder`) and reaches
 * its policy only through `policyOfHolder`.
 */
export async function manageRoutes(
  app: FastifyInstance,
  options: {
    access: THolderAccess;
    stepUps: TStepUpService;
    contact: TContactService;
    renewalCard: TRenewalCardService;
    config: TConfig;
  },
): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { access, stepUps, contact, renewalCard, config } = options;
  const originOf = (request: FastifyRequest) => customerOrigin(config, request);
  const policyOf = (request: FastifyRequest<{ Params: { policyId: string } }>) =>
    access.policyOfHolder(request.policyholder!, request.params.policyId);

  routes.post(
    `${MY_POLICY_PREFIX}/policies/:policyId/step-up`,
    {
      preHandler: access.requireHolder,
      schema: {
        tags: ['my-policy'],
        summary:
          'Mails a fresh code for one sensitive change to the address on the policy (decision 102); the change carries it back',
        params: ZPolicyParams,
        body: ZStepUpRequest,
        response: { 200: ZStepUpAnswer, ...apiErrors(400, 401, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return stepUps.request(
        request.policyholder!,
        await policyOf(request),
        request.body.purpose,
        request.body.language,
      );
    },
  );

  routes.get(
    `${MY_POLICY_PREFIX}/policies/:policyId/contact`,
    {
      preHandler: access.requireHolder,
      schema: {
        tags: ['my-policy'],
        summary:
          "The policy's contact details: mobile, e-mail (masked) and a new address waiting for its code",
        params: ZPolicyParams,
        response: { 200: ZContactView, ...apiErrors(401, 404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return contact.view(await policyOf(request));
    },
  );

  routes.post(
    `${MY_POLICY_PREFIX}/policies/:policyId/contact`,
    {
      preHandler: access.requireHolder,
      schema: {
        tags: ['my-policy'],
        summary:
          'With the step-up code: changes the mobile number at once; a new e-mail address is sent a code to confirm first',
        params: ZPolicyParams,
        body: ZContactChangeRequest,
        response: { 200: ZContactView, ...apiErrors(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const { stepUpCode, applyToAll, ...change } = request.body;
      return contact.change(request.policyholder!, await policyOf(request), change, stepUpCode, {
        applyToAll: applyToAll === true,
      });
    },
  );

  routes.post(
    `${MY_POLICY_PREFIX}/policies/:policyId/contact/confirm-email`,
    {
      preHandler: access.requireHolder,
      schema: {
        tags: ['my-policy'],
        summary:
          'Applies the new e-mail address with the code sent to it (10 minutes, 5 tries); the old one is told, with an undo',
        params: ZPolicyParams,
        body: ZConfirmEmailRequest,
        response: { 200: ZContactView, ...apiErrors(400, 401, 404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return contact.confirmEmail(request, reply, await policyOf(request), request.body.code);
    },
  );

  routes.post(
    `${MY_POLICY_PREFIX}/contact/undo`,
    {
      schema: {
        tags: ['my-policy'],
        summary:
          "The old address's undo of a change of e-mail address (its mailed link, once, 14 days): the old address is back",
        body: ZUndoRequest,
        response: {
          200: z.object({ policyNumber: z.string(), email: z.string().describe('masked') }),
          ...apiErrors(400),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return contact.undo(request.body.token);
    },
  );

  routes.get(
    `${MY_POLICY_PREFIX}/policies/:policyId/renewal-card`,
    {
      preHandler: access.requireHolder,
      schema: {
        tags: ['my-policy'],
        summary:
          'The card the renewals are charged to (last four digits and expiry), and whether it can change',
        params: ZPolicyParams,
        response: { 200: ZRenewalCardView, ...apiErrors(401, 404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return renewalCard.view(await policyOf(request));
    },
  );

  routes.post(
    `${MY_POLICY_PREFIX}/policies/:policyId/renewal-card`,
    {
      preHandler: access.requireHolder,
      schema: {
        tags: ['my-policy'],
        summary:
          'With the step-up code: a signed token-only gateway request for a new renewal card (the card goes to the gateway only)',
        params: ZPolicyParams,
        body: z.object({ stepUpCode: ZStepUpCode }).nullish(),
        response: { 200: ZSignedFrameRequest, ...apiErrors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const row = await policyOf(request);
      return renewalCard.start(row, originOf(request), () =>
        stepUps.spend(request.policyholder!, row, 'renewal-card', request.body?.stepUpCode),
      );
    },
  );

  // The gateway's answer, posted by the browser's hidden frame: no Session-Name, no session cookie (a
  // gateway on another site posts it cross-site); it is bound to its policy by the signed reference.
  app.post(CARD_RECEIPT_PATH, { schema: { hide: true } }, async (request, reply) => {
    const result = await renewalCard.receive(postedFields(request));
    return sendFrameReceipt(request, reply, {
      source: 'lionrock-card-receipt',
      result,
      text: result.stored ? 'Card saved.' : 'Card not saved.',
    });
  });
}
