import { PROMO_CODE_MAX_LENGTH } from '@lionrock/domain/campaign/promo-rules';
import { useTranslation } from '../../../../lib/i18n';
import { PromoCodeField } from '../../../checkout/components/promo/promo-code-field';
import styles from './quote-extras.module.css';

/**
 * The quote page's promo code (travel-flow sections 2, 5 and 9): the shop's one promo field
 * (PromoCodeField), at most 10 characters, checked on blur by the page (format, then the campaign's
 * validatePromoCode); its words say whether the campaign needs a code and which one the prices include.
 */
export function PromoField({
  id,
  value,
  required,
  error,
  checking,
  applied,
  onChange,
  onBlur,
}: {
  id: string;
  value: string;
  required: boolean;
  error: string | null;
  checking: boolean;
  /** The promo the shown prices include. */
  applied: string | undefined;
  onChange: (value: string) => void;
  onBlur: () => void;
}) {
  const { t } = useTranslation();
  return (
    <PromoCodeField
      id={id}
      classes={{ ...styles, field: styles.promo }}
      label={t(required ? 'quoteExtras.promoLabelRequired' : 'quoteExtras.promoLabel')}
      hint={
        applied && !error
          ? t('quoteExtras.promoApplied', { code: applied })
          : t('quoteExtras.promoHint', { promoMaxLength: PROMO_CODE_MAX_LENGTH })
      }
      required={required}
      value={value}
      error={error}
      checking={checking}
      onChange={onChange}
      onBlur={onBlur}
    />
  );
}
