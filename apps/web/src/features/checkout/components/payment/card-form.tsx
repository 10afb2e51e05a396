import {
  CARD_NUMBER_DIGITS,
  CARD_TYPES,
  CVV_DIGITS,
  cardDigits,
  cardTypeOf,
  formatCardNumberInput,
  formatExpiryInput,
  isAllowedCardKey,
  normaliseCardHolderName,
  type TCardForm,
  validateCardForm,
} from '@lionrock/domain/card/card';
import type { TLocalDate } from '@lionrock/domain/dates/local-date';
import { FIELD_LENGTHS } from '@lionrock/domain/validation/field-lengths';
import { type InputHTMLAttributes, type KeyboardEvent, useId, useRef, useState } from 'react';
import { useTranslation } from '../../../../lib/i18n';
import styles from './payment.module.css';

type TField = keyof TCardForm;
const EMPTY: TCardForm = { cardHolderName: '', cardNumber: '', expiryDate: '', cvv: '' };
const ORDER: TField[] = ['cardNumber', 'cardHolderName', 'expiryDate', 'cvv'];

/** Non-digit key presses are blocked in the number fields (pa-home-payments section 5); shortcuts are not. */
function blockNonDigits(event: KeyboardEvent<HTMLInputElement>) {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  if (!isAllowedCardKey(event.key)) event.preventDefault();
}

/**
 * The card form (travel-flow section 2, Payment) with the domain's card rules: the number grouped
 * 4-4-4-4 as typed, the name upper-cased, expiry MM-YY, CVV of 3 digits. The values live in this
 * component only, never in a store, and the number, expiry and CVV are cleared once sent.
 */
export function CardForm({
  today,
  busy,
  amount,
  onPay,
  submitLabel,
}: {
  today: TLocalDate;
  busy: boolean;
  amount: string;
  /** The button's text where the form does not pay (my policy's renewal card); else "Pay {amount}". */
  submitLabel?: string;
  /** Resolves true once the card has been posted to the gateway. */
  onPay: (card: TCardForm) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [card, setCard] = useState<TCardForm>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<TField, string>>>({});
  const inputs = useRef<Partial<Record<TField, HTMLInputElement | null>>>({});

  const set = (field: TField, value: string) => {
    setCard((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const check = (field: TField) => {
    if (card[field] === '') return;
    setErrors((current) => ({ ...current, [field]: validateCardForm(card, today)[field] }));
  };

  const submit = async () => {
    if (busy) return;
    const found = validateCardForm(card, today);
    setErrors(found);
    const first = ORDER.find((field) => found[field]);
    if (first) {
      inputs.current[first]?.focus();
      return;
    }
    const sent = await onPay({ ...card, cardHolderName: normaliseCardHolderName(card.cardHolderName) });
    if (sent) setCard((current) => ({ ...EMPTY, cardHolderName: current.cardHolderName }));
  };

  const type = cardTypeOf(cardDigits(card.cardNumber));
  const field = (
    name: TField,
    label: string,
    props: InputHTMLAttributes<HTMLInputElement>,
    hint?: string,
  ) => {
    const error = errors[name];
    const described = [hint ? `${id}-${name}-hint` : null, error ? `${id}-${name}-error` : null]
      .filter(Boolean)
      .join(' ');
    return (
      <div className={`${styles.field} ${styles[name]}`}>
        <label htmlFor={`${id}-${name}`} className={styles.label}>
          {label}
        </label>
        <input
          {...props}
          ref={(element) => {
            inputs.current[name] = element;
          }}
          id={`${id}-${name}`}
          className={styles.input}
          value={card[name]}
          aria-invalid={error ? true : undefined}
          aria-describedby={described || undefined}
          onBlur={() => check(name)}
        />
        {hint ? (
          <p id={`${id}-${name}-hint`} className={styles.hint}>
            {hint}
          </p>
        ) : null}
        {error ? (
          <p id={`${id}-${name}-error`} className={styles.fieldError} role="alert">
            {t(error)}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <form
      className={styles.cardForm}
      noValidate
      aria-label={t('payment.card.title')}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <div className={styles.fields}>
        {field(
          'cardNumber',
          t('payment.card.number'),
          {
            inputMode: 'numeric',
            autoComplete: 'cc-number',
            // 16 digits in groups of four with hyphens.
            maxLength: CARD_NUMBER_DIGITS + CARD_NUMBER_DIGITS / 4 - 1,
            placeholder: '0000-0000-0000-0000',
            onKeyDown: blockNonDigits,
            onChange: (event) => set('cardNumber', formatCardNumberInput(event.target.value)),
          },
          type
            ? t(type === CARD_TYPES.VISA ? 'payment.card.visa' : 'payment.card.mastercard')
            : t('payment.card.accepted'),
        )}
        {field('cardHolderName', t('payment.card.name'), {
          autoComplete: 'cc-name',
          maxLength: FIELD_LENGTHS.name,
          autoCapitalize: 'characters',
          onChange: (event) => set('cardHolderName', event.target.value.toUpperCase()),
        })}
        {field(
          'expiryDate',
          t('payment.card.expiry'),
          {
            inputMode: 'numeric',
            autoComplete: 'cc-exp',
            maxLength: 5,
            placeholder: t('payment.card.expiryPlaceholder'),
            onKeyDown: blockNonDigits,
            onChange: (event) => set('expiryDate', formatExpiryInput(event.target.value)),
          },
          t('payment.card.expiryHint'),
        )}
        {field(
          'cvv',
          t('payment.card.cvv'),
          {
            inputMode: 'numeric',
            autoComplete: 'cc-csc',
            maxLength: CVV_DIGITS,
            onKeyDown: blockNonDigits,
            onChange: (event) => set('cvv', event.target.value.replace(/\D/g, '').slice(0, CVV_DIGITS)),
          },
          t('payment.card.cvvHint'),
        )}
      </div>
      <button type="submit" className={styles.pay} disabled={busy} aria-disabled={busy}>
        {submitLabel ?? t('payment.payAmount', { amount })}
      </button>
    </form>
  );
}
