import {
  INSURED_ADDRESS_MESSAGE_KEYS,
  type TInsuredAddressChange,
} from '@lionrock/domain/home/address-endorsement';
import { addressLine } from '@lionrock/domain/home/address-line';
import type { TCountry } from '@lionrock/domain/market/market';
import { formatMoney } from '@lionrock/domain/money/money';
import { Fragment, lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { nameScript, type TTranslator, useTranslation } from '../../../lib/i18n';
import type { TInsuredAddressChanged, TInsuredAddressView } from '../api/manage-api';
import styles from './manage-panels.module.css';
import { refundLine } from './refund-line';

// The form (react-hook-form, the domain's address rules) loads when the customer asks to change the
// address: the policy page's own scripts stay within their budget (decision 022).
const InsuredAddressForm = lazy(() =>
  import('./insured-address-form').then((module) => ({ default: module.InsuredAddressForm })),
);

/** The facts the home is rated on, labelled as the home landing asks them. */
function ratingFacts(t: TTranslator['t'], country: TCountry, address: TInsuredAddressChange) {
  const facts: [label: string, value: string][] = [];
  if (country === 'HKG') {
    if (address.floorArea)
      facts.push([t('homeLanding.floorArea'), t(`homeLanding.floorAreas.${address.floorArea}`)]);
    if (address.buildingAge)
      facts.push([t('homeLanding.buildingAge'), t(`homeLanding.buildingAges.${address.buildingAge}`)]);
    return facts;
  }
  if (address.dwellingType)
    facts.push([t('homeLanding.dwellingType'), t(`homeLanding.dwellings.${address.dwellingType}`)]);
  if (address.dwellingType === 'HDB' && address.hdbFlatType)
    facts.push([t('homeLanding.hdbFlatType'), t(`homeLanding.hdbFlatTypes.${address.hdbFlatType}`)]);
  return facts;
}

/**
 * A home policy's insured address on my policy (issue 29, decision 138): the address and the facts the
 * home is rated on. A move is an endorsement: the new address is re-rated on the terms the policy was
 * sold on, and made online under a fresh code: the same premium, a fall refunded (decision 142), or a
 * rise paid by card first (decision 144).
 */
export function InsuredAddressPanel({
  policyId,
  view,
  onChanged,
  sessionEnded,
}: {
  policyId: string;
  view: TInsuredAddressView;
  /** After a change: the policy page reads the policy again. */
  onChanged?: (changed: TInsuredAddressChanged) => void;
  /** A 401 returns to sign-in (the page's `useSessionEnded`); true when it did. */
  sessionEnded?: (error: unknown) => boolean;
}) {
  const { t, exists, language } = useTranslation();
  const id = useId();
  const [address, setAddress] = useState(view.address);
  const [editing, setEditing] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const changeButton = useRef<HTMLButtonElement>(null);
  const { country } = view;

  // Back on "Change the insured address" when the form closes, so the keyboard carries on from there.
  const wasEditing = useRef(editing);
  useEffect(() => {
    if (wasEditing.current && !editing) changeButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  const facts = ratingFacts(t, country, address);

  /** The outcome: the address from when, and a refund's way and reference (decision 142). */
  const doneText = (changed: TInsuredAddressChanged): string => {
    const lines = [t('myPolicy.insuredAddress.changed', { from: changed.endorsedFrom })];
    const refund = changed.refund;
    if (refund) {
      const amount = formatMoney(refund.amountCents, country);
      lines.push(
        refundLine(t, refund, { amount, last4: refund.cardLast4 }),
        t('myPolicy.cancel.refundReference', { reference: refund.reference }),
      );
    }
    // A rise paid by card (decision 144): the amount, the card and the payment's reference.
    const collected = changed.collected;
    if (collected)
      lines.push(
        t('myPolicy.insuredAddress.collected', {
          amount: formatMoney(collected.amountCents, country),
          last4: collected.cardLast4,
          reference: collected.reference,
        }),
      );
    return lines.join(' ');
  };
  const reason =
    view.reasonKey && exists(view.reasonKey) ? view.reasonKey : INSURED_ADDRESS_MESSAGE_KEYS.notChangeable;

  return (
    <section className={styles.panel} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.title}>
        {t('homeApplicant.address')}
      </h2>
      <p className={styles.text}>{addressLine(country, address, nameScript(language))}</p>
      {facts.length > 0 ? (
        <dl className={styles.facts}>
          {facts.map(([label, value]) => (
            <Fragment key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </Fragment>
          ))}
        </dl>
      ) : null}
      <div role="status" aria-live="polite">
        {done ? <p className={styles.success}>{done}</p> : null}
      </div>

      {!view.changeable ? <p className={styles.intro}>{t(reason)}</p> : null}

      {view.changeable && !editing ? (
        <button
          ref={changeButton}
          type="button"
          className={styles.secondary}
          onClick={() => {
            setDone(null);
            setEditing(true);
          }}
        >
          {t('myPolicy.insuredAddress.change')}
        </button>
      ) : null}

      {view.changeable && editing ? (
        <Suspense fallback={<Spinner inline />}>
          <InsuredAddressForm
            policyId={policyId}
            country={country}
            current={address}
            sessionEnded={sessionEnded}
            onCancel={() => setEditing(false)}
            onDone={(changed) => {
              setAddress(changed.address);
              setDone(doneText(changed));
              setEditing(false);
              onChanged?.(changed);
            }}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
