import type { TCountry } from '@lionrock/domain/market/market';
import type { TWirePremiumItem } from '@lionrock/domain/schemas/policy-schema';
import { DismissButton, Modal } from '../../../../components/ui/modal';
import { useTranslation } from '../../../../lib/i18n';
import { usePlanLabel } from './plan-cards';
import { planPrice } from './plan-price';
import styles from './price-change-modal.module.css';

/**
 * The server's 409 on a rating call that commits to a price (design section 5): the new price is shown
 * and the customer goes on only by agreeing to it (the quote page's Apply now, the applicant's Continue).
 */
export function PriceChangeModal({
  change,
  country,
  campaignCode,
  onCancel,
  onConfirm,
}: {
  change: { was: TWirePremiumItem | undefined; now: TWirePremiumItem } | null;
  country: TCountry;
  campaignCode: string | undefined;
  onCancel: () => void;
  onConfirm: (now: TWirePremiumItem) => void;
}) {
  const { t } = useTranslation();
  const labelOf = usePlanLabel();
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
