import { basePlanName } from '@lionrock/domain/display/price-display';
import type { TCountry } from '@lionrock/domain/market/market';
import type { TWirePremiumItem } from '@lionrock/domain/schemas/policy-schema';
import { useId } from 'react';
import { track } from '../../../../lib/analytics';
import { useTranslation } from '../../../../lib/i18n';
import styles from './plan-cards.module.css';
import { planPrice } from './plan-price';

/** "Standard", "Super Plus": a plan's name in the page's language. */
export function usePlanLabel() {
  const { t } = useTranslation();
  return (planName: string) => {
    const base = basePlanName(planName);
    const label = t(`quotePage.plans.${base}`, { defaultValue: base });
    return base === planName ? label : t('quotePage.planPlus', { plan: label });
  };
}

/**
 * The plan picker (travel-flow section 2, Quote): one card per plan with its price, the original price
 * struck through and the discount row when the price rules say so, and the tax of the market; the
 * cards are a radio group, so arrow keys move between them.
 */
export function PlanCards({
  plans,
  selected,
  recommended,
  country,
  campaignCode,
  onSelect,
}: {
  plans: TWirePremiumItem[];
  /** The chosen plan's base name (STANDARD or SUPER). */
  selected: string;
  recommended: string | undefined;
  country: TCountry;
  campaignCode: string | undefined;
  onSelect: (planName: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const labelOf = usePlanLabel();
  return (
    <fieldset className={styles.cards}>
      <legend className="visually-hidden">{t('quotePage.plansLabel')}</legend>
      {plans.map((item) => {
        const base = basePlanName(item.planName);
        const price = planPrice(item, country, campaignCode);
        const isSelected = base === selected;
        const key = `${id}-${base}`;
        return (
          <label key={item.planName} className={`${styles.card} ${isSelected ? styles.selected : ''}`}>
            <input
              type="radio"
              name={`${id}-plan`}
              value={base}
              checked={isSelected}
              onChange={() => {
                track(`select-plan-${base}`);
                onSelect(base);
              }}
              className={styles.radio}
              aria-labelledby={`${key}-name`}
              aria-describedby={`${key}-price`}
            />
            <span className={styles.head}>
              <span id={`${key}-name`} className={styles.name}>
                {labelOf(item.planName)}
              </span>
              {base === recommended ? (
                <span className={styles.badge}>{t('quotePage.recommended')}</span>
              ) : null}
              <span className={styles.check} aria-hidden="true">
                {isSelected ? '✓' : ''}
              </span>
            </span>
            <span id={`${key}-price`} className={styles.price}>
              {price.original ? (
                <del className={styles.original}>
                  <span className="visually-hidden">{t('quotePage.originalPrice')} </span>
                  {price.original}
                </del>
              ) : null}
              <span className={styles.total}>
                <span className="visually-hidden">{t('quotePage.price')} </span>
                {price.total}
              </span>
              <span className={styles.small}>{t('quotePage.beforeTax', { amount: price.beforeTax })}</span>
              <span className={styles.small}>
                {t(price.tax.kind === 'gst' ? 'quotePage.gst' : 'quotePage.levy', {
                  amount: price.tax.amount,
                })}
              </span>
              {price.discount ? (
                <span className={styles.discount}>
                  <span>{t('quotePage.discount')}</span>
                  <span>−{price.discount}</span>
                </span>
              ) : null}
              {price.notice ? <span className={styles.notice}>{t(price.notice)}</span> : null}
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
