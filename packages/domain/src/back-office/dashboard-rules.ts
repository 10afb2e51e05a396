import { isProductKey, PRODUCT_TYPE_OF_KEY } from '../product/products.ts';
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
 * The funnel's steps (decision 084, then 090). The first two are visit counts the server keeps per
 * product, market and day (a landing document served; a quote page reached), not a cohort; the rest
 * follow the range's quotes: a rated quote (a stored policy), sent to payment (a payment opened), the
 * payment answered (the customer came back from the gateway or PayNow answered), issued.
 */
export const VISIT_STEPS = ['landing', 'quoteForm'] as const;
export type TVisitStep = (typeof VISIT_STEPS)[number];
export const FUNNEL_STEPS = [
  'landing',
  'quoteForm',
  'quoted',
  'toPayment',
  'paymentAnswered',
  'issued',
] as const;
export type TFunnelStep = (typeof FUNNEL_STEPS)[number];
export const FUNNEL_STEP_LABELS: Record<TFunnelStep, string> = {
  landing: 'Landing',
  quoteForm: 'Quote form',
  quoted: 'Quoted',
  toPayment: 'Sent to payment',
  paymentAnswered: 'Payment answered',
  issued: 'Issued',
};

/** The product a path's first segment names (the shop's roots), else null. */
/** The landing's optional named segments (landing-path.ts, travel-flow section 2), each followed by its value. */
const LANDING_SEGMENTS = new Set([
  'partner',
  'sub',
  'campaign',
  'affiliation',
  'promotion',
  'catalogueCode',
  'lang',
  'promo',
]);

/**
 * The product of a landing document: `/travel`, `/pa`, `/home`, with or without a partner link's named
 * segments (`/pa/partner/AG1001/sub/S1/lang/zh`). Any other page (`/travel/quote`, `/pa/occupation`,
 * `/home/link/…`) is not a landing: null.
 */
export function landingDocumentProduct(pathname: string): TDashboardProduct | null {
  const segments = pathname.split('/').filter((segment) => segment !== '');
  const root = segments[0] ?? '';
  const product: TDashboardProduct | undefined = isProductKey(root) ? PRODUCT_TYPE_OF_KEY[root] : undefined;
  if (!product) return null;
  const rest = segments.slice(1);
  if (rest.length % 2 !== 0) return null;
  for (let index = 0; index < rest.length; index += 2) if (!LANDING_SEGMENTS.has(rest[index]!)) return null;
  return product;
}

/** A user agent that names itself a crawler, bot, preview fetcher or scripted client is not a visit. */
const BOT_AGENT =
  /bot|crawl|spider|slurp|preview|fetch|scan|monitor|lighthouse|curl|wget|python|java\/|go-http|axios|node-fetch|undici|okhttp|facebookexternalhit|whatsapp|telegram/i;
export function isBotUserAgent(userAgent: string | undefined): boolean {
  return !userAgent || userAgent.trim() === '' || BOT_AGENT.test(userAgent);
}

/** Direct (no agent, or a market's default agent) or through a real agent. */
export type TChannel = 'direct' | 'agent';
export function channelOf(
  agentCode: string | null | undefined,
  defaultAgentCodes: ReadonlySet<string>,
): TChannel {
  const code = agentCode?.trim() ?? '';
  return code === '' || defaultAgentCodes.has(code) ? 'direct' : 'agent';
}
