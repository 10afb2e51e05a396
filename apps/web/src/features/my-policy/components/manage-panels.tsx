import { lazy, Suspense, useEffect, useState } from 'react';
import {
  manageApi,
  type TContactView,
  type TInsuredAddressView,
  type TRenewalCardView,
} from '../api/manage-api';
import type { TPolicyDetails } from '../api/my-policy-api';
import { useSessionEnded } from '../state/use-session-ended';
import { ContactPanel } from './contact-panel';
import { RenewalCardPanel } from './renewal-card-panel';

// Only a home policy has an insured address to change: its panel loads on a home policy's page alone.
const InsuredAddressPanel = lazy(() =>
  import('./insured-address-panel').then((module) => ({ default: module.InsuredAddressPanel })),
);

/**
 * The policyholder's own changes on a policy's page (decision 069): contact details, a home policy's
 * insured address (issue 29, decision 138), and the card for renewals where the policy renews by card.
 * Each panel loads what it shows itself, so the details call stays as it is.
 */
export function ManagePanels({
  policy,
  onChanged,
}: {
  policy: TPolicyDetails;
  onChanged: (policy?: TPolicyDetails) => void;
}) {
  const sessionEnded = useSessionEnded();
  const [contact, setContact] = useState<TContactView | null>(null);
  const [card, setCard] = useState<TRenewalCardView | null>(null);
  const [insured, setInsured] = useState<TInsuredAddressView | null>(null);
  const home = policy.productType === 'PHM';

  useEffect(() => {
    let live = true;
    Promise.all([manageApi.contact(policy.policyId), manageApi.renewalCard(policy.policyId)])
      .then(([contactView, cardView]) => {
        if (!live) return;
        setContact(contactView);
        setCard(cardView);
      })
      .catch((error: unknown) => {
        if (live) sessionEnded(error);
      });
    return () => {
      live = false;
    };
  }, [policy.policyId, sessionEnded]);

  // Apart from the others: a home policy's address that can't be read leaves the other panels shown.
  useEffect(() => {
    if (!home) return;
    let live = true;
    manageApi
      .insuredAddress(policy.policyId)
      .then((view) => {
        if (live) setInsured(view);
      })
      .catch((error: unknown) => {
        if (live) sessionEnded(error);
      });
    return () => {
      live = false;
    };
  }, [home, policy.policyId, sessionEnded]);

  return (
    <>
      {contact ? (
        <ContactPanel policyId={policy.policyId} country={policy.country} contact={contact} />
      ) : null}
      {home && insured ? (
        <Suspense fallback={null}>
          <InsuredAddressPanel
            policyId={policy.policyId}
            view={insured}
            sessionEnded={sessionEnded}
            onChanged={() => onChanged()}
          />
        </Suspense>
      ) : null}
      {card && (card.changeable || card.card) ? (
        <RenewalCardPanel
          policyId={policy.policyId}
          card={card.card}
          changeable={card.changeable}
          country={policy.country}
          onChanged={() => onChanged()}
        />
      ) : null}
    </>
  );
}
