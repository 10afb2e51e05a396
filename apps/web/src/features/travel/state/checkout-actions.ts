import type { TConsents } from '@lionrock/domain/consents/consents';
import type { TPolicyInput } from '@lionrock/domain/schemas/policy-schema';
import { type TTravelPolicy, useTravelFlowStore, withoutCardFields } from './travel-flow-store';

/**
 * The confirm, payment and finish steps' changes to the journey store. They go through the store's
 * own persistence, so card fields are dropped whatever an answer carries.
 */
function updatePolicy(change: (policy: TTravelPolicy) => TTravelPolicy): void {
  useTravelFlowStore.setState((state) => ({ policy: withoutCardFields(change(state.policy)) }));
}

/** The consents as given on the confirm page (pa-home-payments section 5), with the marketing flag the spec keeps. */
export function saveConsents(consents: TConsents): void {
  updatePolicy((policy) => ({
    ...policy,
    consents,
    policyTravel: {
      ...policy.policyTravel,
      ...(policy.policyTravel.applicant
        ? {
            applicant: {
              ...policy.policyTravel.applicant,
              directMarketing: consents.marketing.given ? 'true' : 'false',
            },
          }
        : {}),
    },
  }));
}

/** hasAutoRenewal as the domain decides it for the policy (travel-flow section 4). */
export function saveAutoRenewal(on: boolean): void {
  updatePolicy((policy) =>
    policy.policyTravel.applicant
      ? {
          ...policy,
          policyTravel: {
            ...policy.policyTravel,
            applicant: { ...policy.policyTravel.applicant, hasAutoRenewal: on },
          },
        }
      : policy,
  );
}

/** A server answer (pending or issued policy) replaces the stored one, keeping what it leaves out. */
export function saveAnswer(answer: TPolicyInput): void {
  updatePolicy((policy) => ({ ...policy, ...answer }) as TTravelPolicy);
}
