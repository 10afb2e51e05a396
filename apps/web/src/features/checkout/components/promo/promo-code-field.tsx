import { PROMO_CODE_MAX_LENGTH } from '@lionrock/domain/campaign/promo-rules';
import type { Ref } from 'react';
import { useTranslation } from '../../../../lib/i18n';

/** The page's own CSS module: its `field`, `label`, `input`, `hint` and `error` classes (each form keeps its look). */
export type TPromoFieldClasses = Readonly<Record<string, string | undefined>>;

/**
 * The promotion code field of every product's landing and quote form (travel-flow section 5,
 * pa-home-payments section 5): at most PROMO_CODE_MAX_LENGTH characters (an 11th is not taken),
 * checked when the customer leaves it, its message (landingPromotionCode.invalidPromoCode) beside it.
 * The value and the check are the page's (`usePromoField`, or the travel form's own rules).
 */
export function PromoCodeField({
  id,
  value,
  error,
  checking,
  classes,
  label,
  hint,
  required = false,
  inputRef,
  onChange,
  onBlur,
}: {
  id: string;
  value: string;
  /** The message key shown beside the field, if any. */
  error: string | null | undefined;
  checking: boolean;
  classes: TPromoFieldClasses;
  label?: string;
  hint?: string;
  required?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  onChange: (value: string) => void;
  onBlur: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className={classes.field}>
      <label htmlFor={id} className={classes.label}>
        {label ?? t('travelQuote.promo')}
      </label>
      <input
        id={id}
        ref={inputRef}
        className={classes.input}
        value={value}
        maxLength={PROMO_CODE_MAX_LENGTH}
        autoComplete="off"
        spellCheck={false}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint ${id}-error`}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      />
      <p id={`${id}-hint`} className={classes.hint}>
        {checking
          ? t('travelQuote.checkingPromo')
          : (hint ?? t('travelQuote.promoHint', { max: PROMO_CODE_MAX_LENGTH }))}
      </p>
      <p id={`${id}-error`} className={classes.error} aria-live="polite">
        {error ? t(error) : null}
      </p>
    </div>
  );
}
