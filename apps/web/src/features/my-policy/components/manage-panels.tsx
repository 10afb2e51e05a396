import { useEffect, useState } from 'react';
import { manageApi, type TContactView, type TRenewalCardView } from '../api/manage-api';
import type { TPolicyDetails } from '../api/my-policy-api';
import { useSessionEnded } from '../state/use-session-ended';
import { ContactPanel } from './contact-panel';
import { RenewalCardPanel } from './renewal-card-panel';

/**
 * The policyholder's own changes on a policy's page (decision 069): contact details, and the card
 * for renewals where the policy renews by card. Each panel loads what it shows itself, so the details
 * call stays as it is.
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

  return (
    <>
      {contact ? (
        <ContactPanel policyId={policy.policyId} country={policy.country} contact={contact} />
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
