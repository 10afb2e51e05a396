import { checkoutActions } from '../../checkout/state/checkout-store';
import { useTravelFlowStore } from './travel-flow-store';

/** The checkout's changes to the travel journey (decision 044: written once in features/checkout). */
export const { saveConsents, saveAutoRenewal, saveAnswer } = checkoutActions(
  useTravelFlowStore,
  'policyTravel',
);
