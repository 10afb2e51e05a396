import type { TCountry } from '../market/market.ts';
import type { TCents } from '../money/money.ts';
import { TAX_TABLE } from '../tax/tax.ts';

/**
 * A premium as its lines (decision 126; pa-home-payments section 3, "Premium breakdown: premium,
 * discounts, IA levy (Hong Kong), GST (Singapore), total premium"): the one list the quote, confirm and
 * payment pages of every product show, so the customer reads the same items, discounts and taxes at
 * each step. Each discount is its own line (a campaign or promotion code, the family discount, the part
 * of the commission an agent's link gives up), and no struck-through figure is shown that is not one of
 * these lines.
 */
export type TPriceBreakdownKey =
  | 'premium'
  | 'campaignDiscount'
  | 'groupDiscount'
  | 'agentDiscount'
  | 'netPremium'
  | 'gst'
  | 'levy';

export type TPriceBreakdownLine = {
  key: TPriceBreakdownKey;
  cents: TCents;
  /** A discount: shown as an amount taken off. */
  discount: boolean;
};

export type TPriceBreakdown = { lines: TPriceBreakdownLine[]; totalCents: TCents };

/** What the breakdown reads of a rated premium item, in cents (older stored items may lack the parts). */
export type TPriceBreakdownItem = {
  totalPremium: TCents;
  gst?: TCents | undefined;
  levy?: TCents | undefined;
  premiumWithoutDiscount?: TCents | undefined;
  discount?: TCents | undefined;
  campaignDiscount?: TCents | undefined;
  groupDiscount?: TCents | undefined;
  insuredCommissionDiscount?: TCents | undefined;
};

export function priceBreakdown(item: TPriceBreakdownItem, country: TCountry): TPriceBreakdown {
  const tax = TAX_TABLE[country].kind;
  const taxCents = tax === 'gst' ? (item.gst ?? 0) : (item.levy ?? 0);
  // The premium the discounts leave is the total less its tax (travel-flow section 9, price before tax).
  const net = item.totalPremium - (item.gst ?? 0) - (item.levy ?? 0);
  const group = item.groupDiscount ?? 0;
  const agent = item.insuredCommissionDiscount ?? 0;
  // `discount` is campaign and group together (discounts.ts); an item stored without its parts keeps it.
  const campaign = item.campaignDiscount ?? Math.max(0, (item.discount ?? 0) - group);
  const discounts: TPriceBreakdownLine[] = [
    { key: 'campaignDiscount' as const, cents: campaign, discount: true },
    { key: 'groupDiscount' as const, cents: group, discount: true },
    { key: 'agentDiscount' as const, cents: agent, discount: true },
  ].filter((line) => line.cents > 0);
  const taken = discounts.reduce((sum, line) => sum + line.cents, 0);
  const gross = item.premiumWithoutDiscount ?? net + taken;
  const lines: TPriceBreakdownLine[] = [{ key: 'premium', cents: gross, discount: false }];
  if (discounts.length > 0) {
    lines.push(...discounts, { key: 'netPremium', cents: net, discount: false });
  }
  lines.push({ key: tax, cents: taxCents, discount: false });
  return { lines, totalCents: item.totalPremium };
}
