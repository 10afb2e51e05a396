import { PROMO_CODE_MAX_LENGTH } from '@lionrock/domain/campaign/promo-rules';
import { useTranslation } from '../../../../lib/i18n';
import styles from './quote-extras.module.css';

/**
 * The quote page's promo code (travel-flow sections 2, 5 and 9): at most 10 characters, checked on
 * blur by the page (format, then the campaign's validatePromoCode); the error describes the field.
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
  const hint = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className={styles.promo}>
      <label htmlFor={id} className={styles.label}>
        {t(required ? 'quoteExtras.promoLabelRequired' : 'quoteExtras.promoLabel')}
      </label>
      <input
        id={id}
        className={styles.input}
        value={value}
        maxLength={PROMO_CODE_MAX_LENGTH}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${hint} ${errorId}`}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      />
      <p id={hint} className={styles.hint} aria-live="polite">
        {checking
          ? t('quoteExtras.promoChecking')
          : applied && !error
            ? t('quoteExtras.promoApplied', { code: applied })
            : t('quoteExtras.promoHint')}
      </p>
      <p id={errorId} className={styles.error} aria-live="polite">
        {error ? t(error) : null}
      </p>
    </div>
  );
}
