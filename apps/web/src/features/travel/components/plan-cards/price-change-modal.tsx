import { SENIOR_AGE } from '@lionrock/domain/eligibility/ages';
import type { TCountry } from '@lionrock/domain/market/market';
import { formatMoney, toCents } from '@lionrock/domain/money/money';
import type { TWirePremiumItem } from '@lionrock/domain/schemas/policy-schema';
import { DismissButton, Modal } from '../../../../components/ui/modal';
import { useTranslation } from '../../../../lib/i18n';
import { planPrice } from '../../../checkout/components/summary/plan-price';
import { usePlanLabel } from './plan-cards';
import styles from './price-change-modal.module.css';

/**
 * The server's 409 on a rating call that commits to a price (design section 5): the new price is shown
 * and the customer goes on only by agreeing to it (the quote page's Apply now, the applicant's Continue).
 */
export function PriceChangeModal({
  change,
  reason,
  country,
  campaignCode,
  onCancel,
  onConfirm,
}: {
  change: { was: TWirePremiumItem | undefined; now: TWirePremiumItem } | null;
  /**
   * 'senior': the customer agreed to cover a traveller over the senior age, so the new price is the
   * loading they asked for (travel-flow section 4): shown as a line of the price, not as a warning.
   */
  reason?: 'senior' | undefined;
  country: TCountry;
  campaignCode: string | undefined;
  onCancel: () => void;
  onConfirm: (now: TWirePremiumItem) => void;
}) {
  const { t } = useTranslation();
  const labelOf = usePlanLabel();
  if (reason === 'senior' && change?.was) {
    const was = change.was;
    const loading = toCents(change.now.totalPremium) - toCents(was.totalPremium);
    return (
      <Modal
        open
        onClose={onCancel}
        title={t('quotePage.seniorLoadingTitle', { age: SENIOR_AGE })}
        size="small"
      >
        <p>{t('quotePage.seniorLoadingText', { age: SENIOR_AGE })}</p>
        <p className={styles.line} data-testid="senior-loading-line">
          {t('quotePage.seniorLoadingLine', { age: SENIOR_AGE, amount: formatMoney(loading, country) })}
        </p>
        <p className={styles.newPrice}>
          {t('quotePage.seniorLoadingTotal', {
            plan: labelOf(change.now.planName),
            was: planPrice(was, country, campaignCode).total,
            amount: planPrice(change.now, country, campaignCode).total,
          })}
        </p>
        <div className={styles.actions}>
          <DismissButton className={styles.back}>{t('quotePage.notNow')}</DismissButton>
          <button type="button" className={styles.confirm} onClick={() => onConfirm(change.now)}>
            {t('quotePage.seniorLoadingConfirm')}
          </button>
        </div>
      </Modal>
    );
  }
  return (
    <Modal open={change !== null} onClose={onCancel} title={t('quotePage.priceChangedTitle')} size="small">
      {change ? (
        <>
          <p>{t('quotePriceChanged.message')}</p>
          <p className={styles.newPrice}>
            {change.was
              ? t('quotePage.newPrice', {
                  plan: labelOf(change.now.planName),
                  was: planPrice(change.was, country, campaignCode).total,
                  amount: planPrice(change.now, country, campaignCode).total,
                })
              : planPrice(change.now, country, campaignCode).total}
          </p>
          <div className={styles.actions}>
            <DismissButton className={styles.back}>{t('quotePage.notNow')}</DismissButton>
            <button type="button" className={styles.confirm} onClick={() => onConfirm(change.now)}>
              {t('quotePage.confirmNewPrice')}
            </button>
          </div>
        </>
      ) : null}
    </Modal>
  );
}
