import { z } from 'zod';
import { daysBetween, parseIso } from '../dates/local-date.ts';
import {
  DASHBOARD_MARKETS,
  DASHBOARD_MAX_RANGE_DAYS,
  DASHBOARD_PRODUCTS,
  type TDashboardMarket,
  type TDashboardProduct,
} from './dashboard-rules.ts';

/**
 * The dashboard's question (decisions 084 and 123): the range `from`..`to` (inclusive, the market's own
 * days) and the product and market it is filtered by. Its form checks it before asking; the route
 * checks it again. A range not given in full is filled in by the server (the 30 days to today), which
 * checks that one's length itself.
 */
export const ZDashboardQuery = z
  .object({
    from: z.iso.date().optional(),
    to: z.iso.date().optional(),
    product: z.enum(Object.keys(DASHBOARD_PRODUCTS) as [TDashboardProduct]).optional(),
    market: z.enum(Object.keys(DASHBOARD_MARKETS) as [TDashboardMarket]).optional(),
  })
  // Runs even when another field is wrong, so a form hears every problem at once.
  .superRefine(
    (query, context) => {
      const { from, to } = query as { from?: unknown; to?: unknown };
      const first = typeof from === 'string' ? parseIso(from) : null;
      const last = typeof to === 'string' ? parseIso(to) : null;
      if (!first || !last) return;
      const days = daysBetween(first, last) + 1;
      if (days < 1)
        context.addIssue({ code: 'custom', path: ['from'], message: 'The range starts after it ends.' });
      else if (days > DASHBOARD_MAX_RANGE_DAYS)
        context.addIssue({
          code: 'too_big',
          origin: 'number',
          maximum: DASHBOARD_MAX_RANGE_DAYS,
          inclusive: true,
          input: days,
          path: ['from'],
          message: `A range covers at most ${DASHBOARD_MAX_RANGE_DAYS} days.`,
        });
    },
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  );
export type TDashboardQuery = z.infer<typeof ZDashboardQuery>;
