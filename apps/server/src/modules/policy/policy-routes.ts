import { ZApiErrorSchema } from '@lionrock/domain/schemas/api-error-schema';
import { ZPolicySchema } from '@lionrock/domain/schemas/policy-schema';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { TPolicyService, TRatingCall } from './policy-service.ts';

const CALLS: { call: TRatingCall; summary: string }[] = [
  { call: 'multirate', summary: 'Every plan rated for the policy (stores nothing)' },
  {
    call: 'rate',
    summary: 'The chosen plan rated and the policy stored as quoted, owned by this Session-Name',
  },
  { call: 'rateTopup', summary: 'Every plan’s Plus variant rated (stores nothing)' },
];

/** The rating calls of travel-flow section 7 and design section 5, for productType PTR, PAN and PHM. */
export async function policyRoutes(
  app: FastifyInstance,
  options: { service: TPolicyService },
): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  for (const { call, summary } of CALLS) {
    routes.post(
      `/b2c-server/rest/policy/${call}`,
      {
        // The answer is built from the validated request and the domain's own items: it is written
        // as it is, and the response schema below serves the API description (the hot path, decision 005).
        serializerCompiler: () => (data) => JSON.stringify(data),
        schema: {
          tags: ['policy'],
          summary,
          description:
            'Answers the policy with the server’s premium items, or with errorMessage and messageKey when the ' +
            'shop refuses it (blacklist, declined occupation, private mode, system unavailable, ended campaign). ' +
            'Input that breaks a field rule is a 400 naming the field and the spec’s message key.',
          body: ZPolicySchema,
          response: {
            200: ZPolicySchema,
            400: ZApiErrorSchema,
            403: ZApiErrorSchema,
            404: ZApiErrorSchema,
            409: ZApiErrorSchema.extend({ policy: ZPolicySchema.optional() }),
          },
        },
      },
      async (request) => options.service.rate(call, request.body, request.sessionName!),
    );
  }
}
