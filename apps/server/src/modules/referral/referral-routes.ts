import { ZPolicySchema } from '@lionrock/domain/schemas/policy-schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientKeyOf } from '../../lib/client-address.ts';
import { apiErrors } from '../../lib/openapi.ts';
import type { TReferralService } from './referral-service.ts';

export const REFERRAL_PATH = '/b2c-server/rest/referral';

/** The refer-me form: the refused quote, who asks, and the consent to be contacted (decision 089). */
export const ZReferralRequestSchema = z.object({
  policy: ZPolicySchema,
  contact: z.object({
    fullName: z.string().max(100),
    idType: z.enum(['NRIC', 'HKID', 'PASSPORT']),
    idNumber: z.string().max(30),
    mobileNoCountryCode: z.string().max(6),
    mobileNo: z.string().max(20),
    email: z.string().max(200),
    consent: z.boolean(),
  }),
  language: z.enum(['en', 'zh']),
});

/** "Ask our underwriters": a personal accident quote the shop refused for an underwriting reason. */
export async function referralRoutes(
  app: FastifyInstance,
  options: { service: TReferralService },
): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.post(
    REFERRAL_PATH,
    {
      schema: {
        tags: ['referral'],
        summary:
          'Refers a refused personal accident quote to the underwriters (declined occupation, Hong Kong claims)',
        description:
          'The quote is validated and re-rated by the server: only a quote refused with OCCUPATION_DECLINED or ' +
          'CLAIMS_REFER_TO_AGENT is taken. One open referral per applicant, product and reason (409). The ' +
          'customer is e-mailed an acknowledgement, and later the decision.',
        body: ZReferralRequestSchema,
        response: {
          201: z.object({ referralId: z.string(), reference: z.string(), status: z.literal('open') }),
          ...apiErrors(400, 409, 429),
        },
      },
    },
    async (request, reply) => {
      const created = await options.service.create(
        request.body,
        request.sessionName!,
        clientKeyOf(request.ip),
      );
      reply.code(201);
      return created;
    },
  );
}
