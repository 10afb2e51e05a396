import { createHash } from 'node:crypto';
import { FIELD_LENGTHS } from '@lionrock/domain/validation/field-lengths';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TConfig } from '../../config.ts';
import type { TDb } from '../../db/database.ts';
import { apiErrors } from '../../lib/openapi.ts';
import { customerOrigin } from '../../lib/shop-origins.ts';
import { createContactService } from './contact-service.ts';
import type { THolderAccess } from './holder-access.ts';
import { MY_POLICY_PREFIX } from './holder-routes.ts';
import {
  CARD_RECEIPT_PATH,
  createRenewalCardService,
  type TCardChangeResult,
} from './renewal-card-service.ts';

const ZPolicyParams = z.object({ policyId: z.string().max(64) });

const ZContactView = z.object({
  mobileNoCountryCode: z.string(),
  mobileNo: z.string(),
  email: z.string().describe('The address, masked'),
  pendingEmail: z.string().nullable().describe('A new address waiting for its code, masked'),
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
});

const ZConfirmEmailRequest = z.object({ code: z.string().max(12) });

const ZRenewalCardView = z.object({
  changeable: z.boolean(),
  card: z.object({ masked: z.string(), expiry: z.string() }).nullable(),
});

const ZSignedRequest = z
  .object({ paymentUrl: z.string(), paymentSignatureKey: z.string() })
  .catchall(z.string())
  .describe('The signed Secure Acceptance fields the browser posts, with the card, to paymentUrl');

/**
 * The policyholder's own changes after the sale (design section 12, decision 069): contact details and
 * the card that pays the renewals. Every call but the gateway's receipt is behind the session
 * (`requireHolder`) and reaches its policy only through `policyOfHolder`.
 */
export async function manageRoutes(
  app: FastifyInstance,
  options: {
    access: THolderAccess;
    db: TDb;
    config: TConfig;
    now: () => Date;
    onMailQueued: () => void;
  },
): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { access, db, config, now } = options;
  const contact = createContactService({ db, config, now, log: app.log, onMailQueued: options.onMailQueued });
  const renewalCard = createRenewalCardService({ db, config, now, log: app.log });
  const originOf = (request: FastifyRequest) => customerOrigin(config, request);
  const policyOf = (request: FastifyRequest<{ Params: { policyId: string } }>) =>
    access.policyOfHolder(request.policyholder!, request.params.policyId);

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
        summary: 'Changes the mobile number at once; a new e-mail address is sent a code to confirm first',
        params: ZPolicyParams,
        body: ZContactChangeRequest,
        response: { 200: ZContactView, ...apiErrors(400, 401, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return contact.change(await policyOf(request), request.body);
    },
  );

  routes.post(
    `${MY_POLICY_PREFIX}/policies/:policyId/contact/confirm-email`,
    {
      preHandler: access.requireHolder,
      schema: {
        tags: ['my-policy'],
        summary: 'Applies the new e-mail address with the code sent to it (10 minutes, 5 tries)',
        params: ZPolicyParams,
        body: ZConfirmEmailRequest,
        response: { 200: ZContactView, ...apiErrors(400, 401, 404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return contact.confirmEmail(await policyOf(request), request.body.code);
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
          'A signed token-only gateway request for a new renewal card (the card goes to the gateway only)',
        params: ZPolicyParams,
        response: { 200: ZSignedRequest, ...apiErrors(401, 404, 409) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return renewalCard.start(await policyOf(request), originOf(request));
    },
  );

  // The gateway's answer, posted by the browser's hidden frame: no Session-Name, no session cookie (a
  // gateway on another site posts it cross-site); it is bound to its policy by the signed reference.
  app.post(CARD_RECEIPT_PATH, { schema: { hide: true } }, async (request, reply) => {
    const fields: Record<string, string> = {};
    if (request.body && typeof request.body === 'object')
      for (const [name, value] of Object.entries(request.body))
        if (typeof value === 'string') fields[name] = value.slice(0, 2000);
    const result = await renewalCard.receive(fields);
    const accept = request.headers.accept ?? '';
    if (accept.includes('application/json') && !accept.includes('text/html')) return result;
    return reply
      .header('content-security-policy', RECEIPT_CSP)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(receiptPage(result));
  });
}

/** Hands the verified result to the shop's window; the target origin is the shop's own. */
const RECEIPT_SCRIPT = `(function () {
  var data = document.getElementById('card-receipt-data');
  var result = JSON.parse(data.textContent);
  if (window.parent && window.parent !== window) {
    window.parent.postMessage({ source: 'lionrock-card-receipt', result: result }, window.location.origin);
  }
})();`;

const RECEIPT_CSP = `default-src 'none'; script-src 'sha256-${createHash('sha256').update(RECEIPT_SCRIPT).digest('base64')}'; style-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'`;

function receiptPage(result: TCardChangeResult): string {
  const json = JSON.stringify(result).replace(/</g, '\\u003c');
  const text = result.stored ? 'Card saved.' : 'Card not saved.';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Card</title></head><body><p>${text}</p><script type="application/json" id="card-receipt-data">${json}</script><script>${RECEIPT_SCRIPT}</script></body></html>`;
}
