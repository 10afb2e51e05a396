import type { TCountry } from '@lionrock/domain/market/market';
import {
  PA_MAX_DEPENDENT_CHILDREN,
  validateDependentChildren,
  validateOccupation,
} from '@lionrock/domain/pa/occupation';
import { MESSAGE_KEYS } from '@lionrock/domain/validation/message-keys';
import { type FormEvent, useState } from 'react';
import { BenefitsState } from '../../../components/ui/benefits-state';
import { useTranslation } from '../../../lib/i18n';
import { useRateFacts } from '../../../lib/rate-facts-api';
import { PromoCodeField } from '../../checkout/components/promo/promo-code-field';
import { usePromoField } from '../../checkout/hooks/use-promo-field';
import styles from '../routes/pa.module.css';
import type { TPaCoverChoice } from '../state/pa-flow-store';
import { OccupationPicker } from './occupation-picker';
import { promoError } from './pa-dates';

export type TCoverFormValues = TPaCoverChoice & { promo: string };

function withOccupation(occupations: readonly string[], index: number, code: string): string[] {
  const changed = [...occupations];
  changed[index] = code;
  return changed;
}

/** Children offered: 0 to 9 in Singapore; Hong Kong's copy allows up to 18 (pa-home-payments section 5). */
export function childOptions(country: TCountry): number[] {
  return Array.from({ length: PA_MAX_DEPENDENT_CHILDREN[country] + 1 }, (_, count) => count);
}

/** The first message of each field, by the domain's rules; empty when the cover can be quoted. */
export function validateCover(values: TCoverFormValues, country: TCountry): Record<string, string> {
  const errors: Record<string, string> = {};
  const adults = values.insuredPersonType === 'family' ? values.numberOfAdults : 1;
  for (let index = 0; index < adults; index += 1) {
    const key = validateOccupation(values.occupations[index]);
    if (key) errors[`occupation${index}`] = key;
  }
  if (values.insuredPersonType === 'family') {
    const children = validateDependentChildren(String(values.noOfChildren), country);
    if (children) errors.noOfChildren = children;
  }
  const promo = promoError(values.promo, country);
  if (promo) errors.promo = promo;
  return errors;
}

/**
 * Who is covered (pa-home-payments section 2, Landing and Occupation): Individual or Family, adults,
 * each adult's occupation, dependent children and an optional promotion code.
 */
export function CoverForm({
  initial,
  country,
  submitLabel,
  showPromo = true,
  children,
  extraErrors,
  onSubmit,
  disabled = false,
  onBack,
  onRefer,
  campaignCode,
  onPromoChange,
}: {
  initial: TCoverFormValues;
  country: TCountry;
  submitLabel: string;
  showPromo?: boolean;
  /** The landing link's campaign, with which the promo code is checked. */
  campaignCode?: string | undefined;
  /** Each change of the promo code, for the journey store (upper case, trimmed). */
  onPromoChange?: (code: string) => void;
  children?: React.ReactNode;
  /** Further checks of the page (the declaration): message keys by field; none blocks the submit. */
  extraErrors?: () => Record<string, string>;
  onSubmit: (values: TCoverFormValues) => void;
  disabled?: boolean;
  /** A Back button beside the submit (the occupation page's). */
  onBack?: () => void;
  /** Offered beside a declined occupation: refer the cover to the underwriters (decision 089). */
  onRefer?: (values: TCoverFormValues) => void;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState<TCoverFormValues>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // The landing's promo code: its format, then the campaign's verdict, on blur and on submit (section 5).
  const promo = usePromoField({
    market: { productType: 'PAN', country, campaignCode },
    initial: initial.promo,
    ...(onPromoChange ? { onKeep: onPromoChange } : {}),
  });
  const [submitting, setSubmitting] = useState(false);
  // The free children of the rate table in force today (decision 114); "…" until they arrive.
  const rates = useRateFacts('PAN', country);
  const family = values.insuredPersonType === 'family';
  const adults = family ? values.numberOfAdults : 1;
  const update = (change: Partial<TCoverFormValues>) => setValues((current) => ({ ...current, ...change }));
  // A declined job is refused as soon as it is chosen: the referral is offered then, not after a submit.
  const declinedChosen = values.occupations
    .slice(0, adults)
    .some((code) => Boolean(code) && validateOccupation(code) === MESSAGE_KEYS.occupationDeclined);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const submitted = showPromo ? { ...values, promo: promo.value } : values;
    const found = { ...validateCover(submitted, country), ...(extraErrors?.() ?? {}) };
    // The field's own check shows its message beside it (usePromoField).
    if (showPromo) delete found.promo;
    setErrors(found);
    // The page shows its own checks (extraErrors) beside its fields.
    if (Object.keys(found).length > 0) return;
    if (showPromo) {
      setSubmitting(true);
      const usable = await promo.confirm().finally(() => setSubmitting(false));
      // A refused code keeps the customer on the landing, its message beside the field.
      if (!usable) {
        document.getElementById('pa-promo')?.focus();
        return;
      }
    }
    onSubmit(submitted);
  };
  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      className={styles.stack}
      aria-label={t('paLanding.formTitle')}
    >
      <fieldset className={styles.choices}>
        <legend className={styles.label}>{t('paLanding.insuredType')}</legend>
        {(['individual', 'family'] as const).map((type) => (
          <label key={type} className={styles.choice}>
            <input
              type="radio"
              name="insuredPersonType"
              value={type}
              checked={values.insuredPersonType === type}
              onChange={() => update({ insuredPersonType: type })}
            />
            {t(`paLanding.${type}`)}
          </label>
        ))}
      </fieldset>
      {family ? (
        <div className={styles.grid}>
          <div className={styles.field}>
            <label htmlFor="pa-adults" className={styles.label}>
              {t('paLanding.adults')}
            </label>
            <select
              id="pa-adults"
              className={styles.input}
              value={values.numberOfAdults}
              onChange={(event) => update({ numberOfAdults: Number(event.target.value) === 2 ? 2 : 1 })}
            >
              <option value={1}>1</option>
              <option value={2}>2</option>
            </select>
          </div>
          <div className={styles.field}>
            <label htmlFor="pa-children" className={styles.label}>
              {t('paLanding.children')}
            </label>
            <select
              id="pa-children"
              className={styles.input}
              value={values.noOfChildren}
              aria-invalid={errors.noOfChildren ? true : undefined}
              aria-describedby="pa-children-hint pa-children-error"
              onChange={(event) => update({ noOfChildren: Number(event.target.value) })}
            >
              {childOptions(country).map((count) => (
                <option key={count} value={count}>
                  {count}
                </option>
              ))}
            </select>
            <p id="pa-children-hint" className={styles.hint}>
              {t('paLanding.childrenHint', { freeChildren: rates.facts?.freeChildren ?? '…' })}
            </p>
            {rates.failed ? <BenefitsState failed onRetry={rates.retry} /> : null}
            <p id="pa-children-error" className={styles.error}>
              {errors.noOfChildren ? t(errors.noOfChildren) : null}
            </p>
          </div>
        </div>
      ) : null}
      {Array.from({ length: adults }, (_, index) => (
        <OccupationPicker
          // biome-ignore lint/suspicious/noArrayIndexKey: one picker per adult, by position
          key={index}
          label={adults > 1 ? t('paLanding.occupationOf', { number: index + 1 }) : t('paLanding.occupation')}
          value={values.occupations[index] ?? ''}
          country={country}
          error={errors[`occupation${index}`]}
          onChange={(code) => update({ occupations: withOccupation(values.occupations, index, code) })}
          {...(onRefer
            ? {
                onRefer: (code: string) =>
                  onRefer({ ...values, occupations: withOccupation(values.occupations, index, code) }),
              }
            : {})}
        />
      ))}
      {onRefer && (declinedChosen || Object.values(errors).includes(MESSAGE_KEYS.occupationDeclined)) ? (
        <div className={styles.notice}>
          <p>{t('paOccupation.referText')}</p>
          <button type="button" className={styles.secondary} onClick={() => onRefer(values)}>
            {t('paOccupation.referButton')}
          </button>
        </div>
      ) : null}
      {showPromo ? (
        <PromoCodeField
          id="pa-promo"
          classes={styles}
          label={t('paLanding.promo')}
          value={promo.value}
          error={promo.error}
          checking={promo.checking}
          onChange={promo.change}
          onBlur={promo.blur}
        />
      ) : null}
      {children}
      <div className={styles.actions}>
        {onBack ? (
          <button type="button" className={styles.secondary} onClick={onBack}>
            {t('paQuote.back')}
          </button>
        ) : null}
        <button type="submit" className={styles.primary} disabled={disabled || submitting}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
