import { ZAccountCreate } from '@lionrock/domain/back-office/accounts-requests';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrors } from '../../../lib/openapi.ts';
import { STAFF_API_PREFIX, type TStaffAccess } from '../staff-access.ts';
import { ACCOUNT_CHANGES, type TAccountsService } from './accounts-service.ts';

const BASE = `${STAFF_API_PREFIX}/admin/accounts`;

const ZAccountSummary = z.object({
  id: z.string(),
  username: z.string(),
  displayName: z.string(),
  email: z.string(),
  role: z.string(),
  agentCode: z.string().nullable(),
  locked: z.boolean(),
  secondFactorEnrolled: z.boolean(),
  disabled: z.boolean(),
});

/**
 * Operations' account screen (issue 18, decision 086): list and create the accounts of the back office
 * and the agents' desk, and disable, enable, unlock or reset one's second factor. The rules and the
 * audit are the service's (accounts-service.ts).
 */
export async function accountsRoutes(
  app: FastifyInstance,
  options: { access: TStaffAccess; service: TAccountsService },
) {
  const { access, service } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const write = access.requireAccount('accounts.write');

  routes.get(
    BASE,
    {
      preHandler: write,
      schema: {
        tags: ['back-office'],
        response: { 200: z.object({ accounts: z.array(ZAccountSummary) }), ...apiErrors(401, 403) },
      },
    },
    async () => service.listAccounts(),
  );

  routes.post(
    BASE,
    {
      preHandler: write,
      schema: {
        tags: ['back-office'],
        body: ZAccountCreate,
        response: { 200: z.object({ account: ZAccountSummary }), ...apiErrors(400, 401, 403, 409) },
      },
    },
    async (request) => service.createAccount(request.body, request.account!.username),
  );

  for (const change of ACCOUNT_CHANGES)
    routes.post(
      `${BASE}/:id/${change}`,
      {
        preHandler: write,
        schema: {
          tags: ['back-office'],
          params: z.object({ id: z.uuid() }),
          response: { 200: z.object({ account: ZAccountSummary }), ...apiErrors(400, 401, 403, 404, 409) },
        },
      },
      async (request) =>
        service.changeAccount(change, request.params.id, {
          id: request.account!.id,
          label: request.account!.username,
        }),
    );
}
