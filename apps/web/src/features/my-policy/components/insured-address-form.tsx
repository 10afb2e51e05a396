import {
  INSURED_ADDRESS_MESSAGE_KEYS,
  insuredAddressFields,
  isSameInsuredAddress,
  listInsuredAddressErrors,
  type TInsuredAddressChange,
  ZInsuredAddressChange,
} from '@lionrock/domain/home/address-endorsement';
import { addressLine } from '@lionrock/domain/home/address-line';
import {
  BUILDING_AGE_BANDS,
  DWELLING_TYPES,
  FLOOR_AREA_BANDS,
  HDB_FLAT_TYPES,
  HK_DISTRICTS,
  hkDistrictName,
} from '@lionrock/domain/home/home-model';
import { INSURER_CONTACTS } from '@lionrock/domain/market/insurer-contacts';
import type { TCountry } from '@lionrock/domain/market/market';
import { formatMoney } from '@lionrock/domain/money/money';
import { useEffect, useId, useRef, useState } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { ApiCallError } from '../../../lib/api-client';
import { nameScript, useTranslation } from '../../../lib/i18n';
import { useFocusAfterRender } from '../../../lib/use-focus-after-render';
import { FormSummary, useCheckoutForm } from '../../checkout/components/applicant/checkout-form';
import { Field } from '../../checkout/components/applicant/form-field';
import { manageApi, type TInsuredAddressChanged, type TInsuredAddressQuote } from '../api/manage-api';
import { InsuredAddressPayment } from './insured-address-payment';
import styles from './manage-panels.module.css';
import { refusalText, StepUpForm } from './step-up-form';

type TField = keyof TInsuredAddressChange;
/** What the form holds: every field a string, empty when not given. */
type TValues = Record<TField, string>;

/**
 * The fields each market asks, in the home applicant page's order (decision 057): Singapore's address
 * and postal code, then its dwelling and an HDB flat's type; Hong Kong's flat, floor and block, building,
 * street and district, then the floor area and building age its premium is rated on.
 */
const FIELDS: Record<TCountry, readonly TField[]> = {
  SGP: [
    'blockOrHouseNo',
    'streetName',
    'unitNo',
    'buildingName',
    'postalCode',
    'dwellingType',
    'hdbFlatType',
  ],
  HKG: ['blockOrHouseNo', 'buildingName', 'streetName', 'district', 'floorArea', 'buildingAge'],
};

/** A text field's longest value, from the domain's schema of the change. */
function maxLengthOf(field: 'blockOrHouseNo' | 'streetName' | 'unitNo' | 'buildingName' | 'postalCode') {
  const schema = ZInsuredAddressChange.shape[field];
  return ('unwrap' in schema ? schema.unwrap() : schema).maxLength ?? undefined;
}

/** The change the form holds, as the policy would store it: the market's fields, the given ones only. */
function changeOf(country: TCountry, values: TValues): TInsuredAddressChange {
  const given = Object.fromEntries(
    FIELDS[country].flatMap((field) => (values[field]?.trim() ? [[field, values[field].trim()]] : [])),
  ) as Partial<TInsuredAddressChange>;
  return insuredAddressFields(country, {
    ...given,
    blockOrHouseNo: given.blockOrHouseNo ?? '',
    streetName: given.streetName ?? '',
  });
}

type TQuoted = { change: TInsuredAddressChange; quote: TInsuredAddressQuote };

/**
 * The change of a home's insured address (issue 29, decision 138), loaded when asked for: the new
 * address and the facts the home is rated on, checked by the domain's rules (every field at once);
 * "Check the premium" re-rates it on the server; a change that keeps the premium is confirmed with a
 * fresh code mailed to the policy's address (decision 102); a fall is refunded (decision 142), and a
 * rise is paid by card first (decision 144).
 */
export function InsuredAddressForm({
  policyId,
  country,
  current,
  onCancel,
  onDone,
  sessionEnded,
}: {
  policyId: string;
  country: TCountry;
  /** The address as the policy insures it now: the form starts from it. */
  current: TInsuredAddressChange;
  onCancel: () => void;
  onDone: (changed: TInsuredAddressChanged) => void;
  sessionEnded?: ((error: unknown) => boolean) | undefined;
}) {
  const { t, exists, language } = useTranslation();
  const id = useId();
  const fields = FIELDS[country];
  const [quoted, setQuoted] = useState<TQuoted | null>(null);
  const [mode, setMode] = useState<'edit' | 'step-up' | 'pay'>('edit');
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  /** A refusal of the change, shown once the form is back (its fields mounted to take the focus). */
  const [refusal, setRefusal] = useState<unknown>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const formErrorRef = useRef<HTMLParagraphElement>(null);
  const focusAfterRender = useFocusAfterRender();
  const hotline = INSURER_CONTACTS[country].hotline;

  const checkout = useCheckoutForm<TValues>({
    defaultValues: Object.fromEntries(fields.map((field) => [field, current[field] ?? ''])) as TValues,
    check: (values) => {
      const messages: Record<string, string> = {};
      for (const error of listInsuredAddressErrors(country, changeOf(country, values)))
        messages[error.field] ??= error.messageKey;
      return messages;
    },
    // The server names the change's own fields (TInsuredAddressChange): each is one of the form's.
    fieldOf: (path) => ((fields as readonly string[]).includes(path) ? path : 'root'),
  });
  const { form } = checkout;
  const { register } = form;
  const dwellingType = form.watch('dwellingType');

  // The first field takes the focus when the form opens.
  useEffect(() => form.setFocus(fields[0]!), [form, fields]);

  // A quote is for the address it was asked for: any edit asks for a new one.
  useEffect(() => {
    const subscription = form.watch(() => {
      setQuoted(null);
      setFormError(null);
    });
    return () => subscription.unsubscribe();
  }, [form]);

  const showError = (text: string) => {
    setFormError(text);
    focusAfterRender(formErrorRef);
  };

  /** A refusal's words: the hotline for a change of premium, the outage text only for an outage. */
  const refusalWords = (error: unknown) =>
    error instanceof ApiCallError && error.messageKey === INSURED_ADDRESS_MESSAGE_KEYS.premiumChanges
      ? t(INSURED_ADDRESS_MESSAGE_KEYS.premiumChanges, { hotline })
      : refusalText(t, exists, error, 'myPolicy.insuredAddress.errors.failed');

  const quote = async (change: TInsuredAddressChange, note: string | null = null) => {
    setBusy(true);
    setFormError(note);
    try {
      const answer = await manageApi.quoteInsuredAddress(policyId, change);
      setQuoted({ change, quote: answer });
    } catch (error) {
      if (sessionEnded?.(error)) return;
      // A 400 naming fields puts each message on its field, the focus on the first.
      if (!checkout.showFieldErrors(error)) showError(refusalWords(error));
    } finally {
      setBusy(false);
    }
  };

  /** The change's refusals beyond the code (the code form shows those): back on the form. */
  const refused = async (error: unknown) => {
    if (sessionEnded?.(error)) return;
    if (checkout.showFieldErrors(error)) {
      setQuoted(null);
      return;
    }
    const key = error instanceof ApiCallError ? error.messageKey : undefined;
    if (key === INSURED_ADDRESS_MESSAGE_KEYS.quoteChanged && quoted) {
      // The premium moved since it was shown (a new rate table, another change): shown again to read.
      await quote(quoted.change, t(key));
      return;
    }
    if (key === INSURED_ADDRESS_MESSAGE_KEYS.premiumChanges) setQuoted(null);
    showError(refusalWords(error));
  };

  // A refusal waits for the form to be back, so its field (or its message) can take the focus.
  useEffect(() => {
    if (mode !== 'edit' || refusal === null) return;
    setRefusal(null);
    void refused(refusal);
  });

  const submit = checkout.submitWith(async (values) => {
    if (busy) return;
    const change = changeOf(country, values);
    // Compared as the domain compares it (the server refuses it too): nothing to re-rate.
    if (isSameInsuredAddress(country, current, change)) {
      showError(t(INSURED_ADDRESS_MESSAGE_KEYS.unchanged));
      return;
    }
    await quote(change);
  });

  const money = (cents: number) => formatMoney(cents, country);
  const sentence = ({ quote: answer }: TQuoted) =>
    answer.outcome === 'none'
      ? t('myPolicy.insuredAddress.same', { from: answer.from })
      : t(`myPolicy.insuredAddress.${answer.outcome}`, {
          amount: money(Math.abs(answer.differenceCents)),
          count: answer.daysLeft,
          annual: money(answer.annualCents),
        });
  /** Where a fall goes back: the card paid with, or a transfer our team arranges (PayNow). */
  const refundWay = ({ quote: answer }: TQuoted) =>
    answer.refundTo?.method === 'CC'
      ? t('myPolicy.cancel.toCard', { last4: answer.refundTo.cardLast4 })
      : answer.refundTo
        ? t('myPolicy.cancel.refundTransfer', { amount: money(-answer.differenceCents) })
        : null;
  // The same premium, or a fall returned, is confirmed with a code; a rise is paid by card (decision 144).
  const confirmable = quoted !== null && quoted.quote.outcome !== 'collect';
  const payable = quoted !== null && quoted.quote.outcome === 'collect';

  const text = (
    name: 'blockOrHouseNo' | 'streetName' | 'unitNo' | 'buildingName' | 'postalCode',
    label: string,
    hint?: string,
    inputMode?: 'numeric',
  ) => (
    <Field key={name} id={`${id}-${name}`} label={label} hint={hint} error={checkout.errorOf(name)}>
      {(aria) => (
        <input
          {...aria}
          className={styles.input}
          maxLength={maxLengthOf(name)}
          inputMode={inputMode}
          autoComplete="off"
          {...register(name)}
        />
      )}
    </Field>
  );

  const select = (
    name: TField,
    label: string,
    options: { value: string; label: string }[],
    hint?: string,
  ) => (
    <Field key={name} id={`${id}-${name}`} label={label} hint={hint} error={checkout.errorOf(name)}>
      {(aria) => (
        <select {...aria} className={styles.input} {...register(name)}>
          <option value="">{t('homeLanding.choose')}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );

  const script = nameScript(language);
  const singapore = country === 'SGP';

  if (mode === 'pay' && quoted)
    return (
      <>
        <p className={styles.text}>{addressLine(country, quoted.change, nameScript(language))}</p>
        <p className={styles.intro}>{sentence(quoted)}</p>
        <InsuredAddressPayment
          policyId={policyId}
          country={country}
          change={quoted.change}
          quote={quoted.quote}
          onDone={onDone}
          onCancel={() => {
            setMode('edit');
            focusAfterRender(confirmButton);
          }}
          onRefused={(error) => {
            setMode('edit');
            setRefusal(error);
          }}
        />
      </>
    );

  if (mode === 'step-up' && quoted)
    return (
      <>
        <p className={styles.text}>{addressLine(country, quoted.change, nameScript(language))}</p>
        <p className={styles.intro}>{sentence(quoted)}</p>
        {refundWay(quoted) ? <p className={styles.intro}>{refundWay(quoted)}</p> : null}
        <StepUpForm
          policyId={policyId}
          purpose="insured-address"
          confirmLabel={t('myPolicy.insuredAddress.confirm')}
          onConfirm={async (stepUpCode) => {
            const changed = await manageApi.changeInsuredAddress(policyId, {
              ...quoted.change,
              stepUpCode,
              expectedDifferenceCents: quoted.quote.differenceCents,
            });
            onDone(changed);
          }}
          onCancel={() => {
            setMode('edit');
            focusAfterRender(confirmButton);
          }}
          onError={(error) => {
            setMode('edit');
            setRefusal(error);
          }}
        />
      </>
    );

  return (
    <>
      <form
        className={styles.form}
        noValidate
        onSubmit={submit}
        aria-label={t('myPolicy.insuredAddress.change')}
        aria-busy={busy}
      >
        <p className={styles.intro}>{t('myPolicy.insuredAddress.intro')}</p>
        {singapore ? (
          <>
            {text('blockOrHouseNo', t('homeApplicant.blockOrHouseNo'))}
            {text('streetName', t('homeApplicant.street'))}
            {text('unitNo', t('homeApplicant.unitNo'), t('homeApplicant.unitNoHint'))}
            {text('buildingName', t('homeApplicant.buildingNameOptional'))}
            {text('postalCode', t('homeApplicant.postalCode'), t('homeApplicant.postalCodeHint'), 'numeric')}
            {select(
              'dwellingType',
              t('homeLanding.dwellingType'),
              DWELLING_TYPES.map((type) => ({ value: type, label: t(`homeLanding.dwellings.${type}`) })),
            )}
            {dwellingType === 'HDB'
              ? select(
                  'hdbFlatType',
                  t('homeLanding.hdbFlatType'),
                  HDB_FLAT_TYPES.map((type) => ({
                    value: type,
                    label: t(`homeLanding.hdbFlatTypes.${type}`),
                  })),
                )
              : null}
          </>
        ) : (
          <>
            {text('blockOrHouseNo', t('homeApplicant.flatFloorBlock'), t('homeApplicant.flatFloorBlockHint'))}
            {text('buildingName', t('homeApplicant.buildingName'))}
            {text('streetName', t('homeApplicant.street'))}
            {select(
              'district',
              t('homeApplicant.district'),
              HK_DISTRICTS.map((district) => ({
                value: district.code,
                label: hkDistrictName(district.code, script) ?? district.code,
              })),
            )}
            {select(
              'floorArea',
              t('homeLanding.floorArea'),
              FLOOR_AREA_BANDS.map((band) => ({ value: band, label: t(`homeLanding.floorAreas.${band}`) })),
              t('homeLanding.floorAreaHint'),
            )}
            {select(
              'buildingAge',
              t('homeLanding.buildingAge'),
              BUILDING_AGE_BANDS.map((band) => ({
                value: band,
                label: t(`homeLanding.buildingAges.${band}`),
              })),
            )}
          </>
        )}
        <FormSummary checkout={checkout} className={styles.formError} />
        {formError ? (
          <p ref={formErrorRef} className={styles.formError} role="alert" tabIndex={-1}>
            {formError}
          </p>
        ) : null}
        <div className={styles.actions}>
          <button type="button" className={styles.secondary} onClick={onCancel}>
            {t('myPolicy.contact.cancel')}
          </button>
          <button
            type="submit"
            className={confirmable ? styles.secondary : styles.primary}
            aria-disabled={busy}
          >
            {t('myPolicy.insuredAddress.check')}
          </button>
        </div>
        {busy ? <Spinner inline label={t('myPolicy.insuredAddress.checking')} /> : null}
      </form>
      <div role="status" aria-live="polite">
        {quoted ? <p className={styles.text}>{sentence(quoted)}</p> : null}
        {quoted && refundWay(quoted) ? <p className={styles.text}>{refundWay(quoted)}</p> : null}
      </div>
      {confirmable || payable ? (
        <div className={styles.actions}>
          <button
            ref={confirmButton}
            type="button"
            className={styles.primary}
            onClick={() => setMode(payable ? 'pay' : 'step-up')}
          >
            {payable
              ? t('myPolicy.insuredAddress.payAndConfirm', {
                  amount: money(quoted!.quote.differenceCents),
                })
              : t('myPolicy.insuredAddress.confirm')}
          </button>
        </div>
      ) : null}
    </>
  );
}
