import type { TCountry } from '@lionrock/domain/market/market';
import { formatMoney, toCents } from '@lionrock/domain/money/money';
import { childrenCoveredFree } from '@lionrock/domain/rating/rate-facts';
import type { TWirePremiumItem } from '@lionrock/domain/schemas/policy-schema';
import { useTranslation } from '../../../lib/i18n';
import styles from '../routes/pa.module.css';

/**
 * A plan's price as lines (pa-home-payments section 3, Premium breakdown): premium, the family
 * discount, the campaign's, the free children, GST (Singapore) or the IA levy (Hong Kong), total.
 * `freeChildren` is the rate table's in force on the day the cover starts (decision 114): until it
 * arrives the children's line holds its place with "…".
 */
export function PriceLines({
  item,
  country,
  childCount,
  freeChildren,
}: {
  item: TWirePremiumItem;
  country: TCountry;
  childCount: number;
  freeChildren: number | undefined;
}) {
  const { t } = useTranslation();
  const money = (amount: number | undefined) => formatMoney(toCents(amount ?? 0), country);
  const free = freeChildren === undefined ? undefined : childrenCoveredFree({ freeChildren }, childCount);
  const lines: [string, string][] = [
    [t('paQuote.premium'), money(item.premiumWithoutDiscount ?? item.premium)],
    ...(item.groupDiscount
      ? [[t('paQuote.familyDiscount'), `−${money(item.groupDiscount)}`] as [string, string]]
      : []),
    ...(item.campaignDiscount
      ? [[t('paQuote.campaignDiscount'), `−${money(item.campaignDiscount)}`] as [string, string]]
      : []),
    ...(item.insuredCommissionDiscount
      ? [[t('paQuote.agentDiscount'), `−${money(item.insuredCommissionDiscount)}`] as [string, string]]
      : []),
    // The premium the discounts leave, held at the market's minimum (pa-home-payments section 9: HK$380).
    ...(item.premiumWithoutDiscount !== undefined && item.premiumWithoutDiscount !== item.premium
      ? [[t('paQuote.netPremium'), money(item.premium)] as [string, string]]
      : []),
    ...(free === undefined && childCount > 0 ? [['…', '…'] as [string, string]] : []),
    ...(free ? [[t('paQuote.freeChildren', { count: free }), money(0)] as [string, string]] : []),
    ...(country === 'SGP'
      ? [[t('paQuote.gst'), money(item.gst)] as [string, string]]
      : [[t('paQuote.levy'), money(item.levy)] as [string, string]]),
  ];
  return (
    <ul className={styles.lines}>
      {lines.map(([label, amount]) => (
        <li key={label}>
          <span>{label}</span>
          <span>{amount}</span>
        </li>
      ))}
      <li>
        <strong>{t('paQuote.total')}</strong>
        <strong>{money(item.totalPremium)}</strong>
      </li>
    </ul>
  );
}
