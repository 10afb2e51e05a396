/**
 * The back-office dashboard (issue 18, decision 084): its date range, its funnel steps and how a
 * sale's channel is named. The server computes the figures; the screen reads the same names.
 */

/** A range covers at most 366 days (a leap year); by default the 30 days to today. */
export const DASHBOARD_MAX_RANGE_DAYS = 366;
export const DASHBOARD_DEFAULT_RANGE_DAYS = 30;

/** The products and markets the dashboard filters by (the policies table's codes). */
export const DASHBOARD_PRODUCTS = { PTR: 'Travel', PAN: 'Personal accident', PHM: 'Home' } as const;
export type TDashboardProduct = keyof typeof DASHBOARD_PRODUCTS;
export const DASHBOARD_MARKETS = { SGP: 'Singapore', HKG: 'Hong Kong' } as const;
export type TDashboardMarket = keyof typeof DASHBOARD_MARKETS;

/**
 * The funnel's steps as the server records them (no landing or page-view is stored, decision 084):
 * a rated quote (a stored policy), sent to payment (the applicant confirmed: a payment opened), the
 * payment answered (the customer came back from the gateway or PayNow answered), issued.
 */
export const FUNNEL_STEPS = ['quoted', 'toPayment', 'paymentAnswered', 'issued'] as const;
export type TFunnelStep = (typeof FUNNEL_STEPS)[number];
export const FUNNEL_STEP_LABELS: Record<TFunnelStep, string> = {
  quoted: 'Quoted',
  toPayment: 'Sent to payment',
  paymentAnswered: 'Payment answered',
  issued: 'Issued',
};

/** Direct (no agent, or a market's default agent) or through a real agent. */
export type TChannel = 'direct' | 'agent';
export function channelOf(
  agentCode: string | null | undefined,
  defaultAgentCodes: ReadonlySet<string>,
): TChannel {
  const code = agentCode?.trim() ?? '';
  return code === '' || defaultAgentCodes.has(code) ? 'direct' : 'agent';
}
