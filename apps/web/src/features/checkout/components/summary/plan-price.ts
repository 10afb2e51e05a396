import {
  discountRow,
  originalPrice,
  priceBeforeTax,
  type TPriceLines,
} from '@lionrock/domain/display/price-display';
import type { TCountry } from '@lionrock/domain/market/market';
import { formatMoney, toCents } from '@lionrock/domain/money/money';
import type { TWirePremiumItem } from '@lionrock/domain/schemas/policy-schema';
import { TAX_TABLE } from '@lionrock/domain/tax/tax';

/** A wire premium item (decimal dollars) as the price rules read it (cents): the one conversion. */
export function priceLinesOf(item: TWirePremiumItem): TPriceLines {
  return {
    totalPremium: toCents(item.totalPremium),
    gst: toCents(item.gst ?? 0),
    levy: toCents(item.levy ?? 0),
    discount: toCents(item.discount ?? 0),
    insuredCommissionDiscount: toCents(item.insuredCommissionDiscount ?? 0),
  };
}

export type TPlanPrice = {
  total: string;
  beforeTax: string;
  tax: { kind: 'gst' | 'levy'; amount: string };
  /** The struck-through price before discounts, when there is one. */
  original: string | null;
  /** The discount row's amount, when the row shows. */
  discount: string | null;
  /** Why the advertised discount is not all there: a message key (decision 038). */
  notice: string | null;
};

/** What a plan card and the summary show (travel-flow section 9, price display), formatted for the market. */
export function planPrice(
  item: TWirePremiumItem,
  country: TCountry,
  campaignCode: string | undefined,
): TPlanPrice {
  const lines = priceLinesOf(item);
  const original = originalPrice(lines);
  const discount = discountRow(campaignCode, lines);
  const kind = TAX_TABLE[country].kind;
  return {
    total: formatMoney(lines.totalPremium, country),
    beforeTax: formatMoney(priceBeforeTax(lines), country),
    tax: { kind, amount: formatMoney(kind === 'gst' ? lines.gst : lines.levy, country) },
    original: original === null ? null : formatMoney(original, country),
    discount: discount === null ? null : formatMoney(discount, country),
    notice: item.discountNotice ?? null,
  };
}
