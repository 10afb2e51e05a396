import { basePlanName } from '@lionrock/domain/display/price-display';
import type { TCountry } from '@lionrock/domain/market/market';
import { formatMoney } from '@lionrock/domain/money/money';
import {
  type TBenefitValue,
  type TTravelBenefits,
  travelKeyBenefits,
} from '@lionrock/domain/rating/benefits/benefit-schedules';
import type { TWirePremiumItem } from '@lionrock/domain/schemas/policy-schema';
import { useId } from 'react';
import { track } from '../../../../lib/analytics';
import { useTranslation } from '../../../../lib/i18n';
import { planPrice } from '../../../checkout/components/summary/plan-price';
import styles from './plan-cards.module.css';
import { usePlanLabel } from './plan-label';

export { usePlanLabel };

/** A schedule limit in words: an amount in the market's money, or unlimited / included / not covered. */
export function useBenefitValue() {
  const { t } = useTranslation();
  return (value: TBenefitValue, country: TCountry): string => {
    if (value === 'UNLIMITED') return t('coverTable.unlimited');
    if (value === 'INCLUDED') return t('coverTable.included');
    if (value === 'NOT_COVERED') return t('coverTable.notCovered');
    return formatMoney(value, country);
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
  travellerType,
  benefits,
  withPlus,
  onSelect,
}: {
  plans: TWirePremiumItem[];
  /** The chosen plan's base name (STANDARD or SUPER). */
  selected: string;
  recommended: string | undefined;
  country: TCountry;
  campaignCode: string | undefined;
  /** The cover type, whose limits the key covers show (a family's differ). */
  travellerType: 'ID' | 'CP' | 'FM';
  /** The schedule in force when the trip starts (decision 099); undefined while it loads. */
  benefits: TTravelBenefits | undefined;
  /** Whether the cards show the Plus variants: their key covers are Plus's limits. */
  withPlus: boolean;
  onSelect: (planName: string) => void;
}) {
  const { t } = useTranslation();
  const limitText = useBenefitValue();
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
              aria-describedby={`${key}-price ${key}-covers`}
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
            {/* The covers customers compare, beside the price (design section 9, the schedule's limits). */}
            <span id={`${key}-covers`} className={styles.covers}>
              <span className="visually-hidden">{t('quotePage.keyBenefits')}: </span>
              {benefits && (base === 'STANDARD' || base === 'SUPER')
                ? travelKeyBenefits(benefits, country, travellerType, base, withPlus).map((cover) => (
                    <span key={cover.key} className={styles.cover} data-cover={cover.key}>
                      <span className={styles.coverName}>{t(`quotePage.keyBenefit.${cover.key}`)}</span>{' '}
                      <span className={styles.coverValue}>{limitText(cover.value, country)}</span>
                      <span className="visually-hidden">; </span>
                    </span>
                  ))
                : null}
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
