import type { TPolicyDetails } from '../api/my-policy-api';
import { CancelPanel } from './cancel-panel';
import { ManagePanels } from './manage-panels';

/**
 * Where the other after-sale panels mount on a policy's page (design section 12): contact details and
 * the renewal card ("manage"), free-look cancellation ("cancel"). Each gets the policy's details and
 * `onChanged` (to show the new details after a change) and renders its own card.
 *
 * MOUNT POINT: add each panel below, e.g. `<ContactPanel policy={policy} onChanged={onChanged} />`.
 */
export function PolicyPanels({
  policy,
  onChanged,
}: {
  policy: TPolicyDetails;
  onChanged: (policy?: TPolicyDetails) => void;
}) {
  return (
    <>
      <ManagePanels policy={policy} onChanged={onChanged} />
      {(policy.status === 'issued' || policy.status === 'cancelled') && (
        // A cancellation changes the status and ends auto-renewal: the page reads the policy again. An
        // endorsement that changes the premium changes what cancelling refunds: the panel asks again.
        <CancelPanel
          key={`${policy.policyId}:${policy.totalCents}`}
          policyId={policy.policyId}
          onCancelled={() => onChanged()}
        />
      )}
    </>
  );
}
