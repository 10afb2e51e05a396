import { priceBreakdown, type TPriceBreakdownKey } from '@lionrock/domain/display/price-breakdown';
import type { TCountry } from '@lionrock/domain/market/market';
import { formatMoney } from '@lionrock/domain/money/money';
import type { TWirePremiumItem } from '@lionrock/domain/schemas/policy-schema';
import { wireToCents } from '@lionrock/domain/schemas/wire-amounts';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../../lib/i18n';
import type { TSummaryRow } from '../../checkout-product';
import styles from './summary-list.module.css';

const LABELS: Record<TPriceBreakdownKey, string> = {
  premium: 'priceBreakdown.premium',
  campaignDiscount: 'priceBreakdown.campaignDiscount',
  groupDiscount: 'priceBreakdown.groupDiscount',
  agentDiscount: 'priceBreakdown.agentDiscount',
  netPremium: 'priceBreakdown.netPremium',
  gst: 'priceBreakdown.gst',
  levy: 'priceBreakdown.levy',
};

/**
 * The chosen plan's price as the domain's breakdown lists it (decision 126): premium, each discount on
 * its own line (promotion or campaign, family, an agent link's), the premium after discounts, GST or
 * the IA levy, and the total. The one list the quote, confirm and payment pages of every product show.
 * `notes` are the product's own lines of no charge (PA's children covered free), placed before the tax;
 * `taxHelp` explains the tax beside its label (travel's zero-rated GST, the IA levy).
 */
export function PriceBreakdown({
  item,
  country,
  notes = [],
  taxHelp,
  totalLabel,
}: {
  item: TWirePremiumItem;
  country: TCountry;
  notes?: readonly TSummaryRow[];
  taxHelp?: ReactNode;
  /** The total's label: "Total premium" by default; the payment page says what is paid. */
  totalLabel?: string;
}) {
  const { t } = useTranslation();
  const money = (cents: number) => formatMoney(cents, country);
  const breakdown = priceBreakdown(
    {
      totalPremium: wireToCents(item.totalPremium),
      gst: wireToCents(item.gst ?? 0),
      levy: wireToCents(item.levy ?? 0),
      premiumWithoutDiscount:
        item.premiumWithoutDiscount === undefined ? undefined : wireToCents(item.premiumWithoutDiscount),
      discount: wireToCents(item.discount ?? 0),
      campaignDiscount: item.campaignDiscount === undefined ? undefined : wireToCents(item.campaignDiscount),
      groupDiscount: wireToCents(item.groupDiscount ?? 0),
      insuredCommissionDiscount: wireToCents(item.insuredCommissionDiscount ?? 0),
    },
    country,
  );
  const taxes = breakdown.lines.filter((line) => line.key === 'gst' || line.key === 'levy');
  const before = breakdown.lines.filter((line) => line.key !== 'gst' && line.key !== 'levy');
  const line = (key: TPriceBreakdownKey, cents: number, discount: boolean) => (
    <div key={key} className={styles.row} data-price-line={key}>
      <dt>
        {t(LABELS[key])}
        {taxHelp && (key === 'gst' || key === 'levy') ? taxHelp : null}
      </dt>
      <dd>{discount ? `−${money(cents)}` : money(cents)}</dd>
    </div>
  );
  return (
    <dl className={styles.breakdown} aria-label={t('priceBreakdown.title')} data-price-breakdown>
      {before.map((entry) => line(entry.key, entry.cents, entry.discount))}
      {notes.map(([label, value]) => (
        <div key={label} className={styles.row} data-price-line="note">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
      {taxes.map((entry) => line(entry.key, entry.cents, entry.discount))}
      <div className={`${styles.row} ${styles.totalRow}`} data-price-line="total">
        <dt>{totalLabel ?? t('priceBreakdown.total')}</dt>
        <dd aria-live="polite">{money(breakdown.totalCents)}</dd>
      </div>
    </dl>
  );
}
