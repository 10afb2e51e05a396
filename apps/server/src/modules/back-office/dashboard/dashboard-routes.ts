import { DASHBOARD_MARKETS, DASHBOARD_PRODUCTS } from '@lionrock/domain/back-office/dashboard-rules';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { STAFF_API_PREFIX, type TStaffAccess } from '../staff-access.ts';
import type { TDashboardService } from './dashboard-service.ts';

const ISO_DATE = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD');
const ZDashboardQuery = z.object({
  from: ISO_DATE.optional(),
  to: ISO_DATE.optional(),
  product: z.enum(Object.keys(DASHBOARD_PRODUCTS) as [keyof typeof DASHBOARD_PRODUCTS]).optional(),
  market: z.enum(Object.keys(DASHBOARD_MARKETS) as [keyof typeof DASHBOARD_MARKETS]).optional(),
});

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
