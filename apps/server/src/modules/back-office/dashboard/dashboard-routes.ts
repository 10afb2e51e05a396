import { ZDashboardQuery } from '@lionrock/domain/back-office/dashboard-requests';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { STAFF_API_PREFIX, type TStaffAccess } from '../staff-access.ts';
import type { TDashboardService } from './dashboard-service.ts';

/** The managers' dashboard (issue 18, decision 084): read-only figures, so nothing is audited. */
export async function backOfficeDashboardRoutes(
  app: FastifyInstance,
  options: { access: TStaffAccess; service: TDashboardService },
): Promise<void> {
  const { access, service } = options;
  app.withTypeProvider<ZodTypeProvider>().get(
    `${STAFF_API_PREFIX}/admin/dashboard`,
    {
      preHandler: access.requireAccount('dashboard.read'),
      schema: { tags: ['back-office'], querystring: ZDashboardQuery },
    },
    async (request) => service.figures(request.query),
  );
}
