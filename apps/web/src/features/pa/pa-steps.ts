import { ANNUAL_STEPS } from '../../components/ui/stepper';

/** The stepper's names for PA (pa-home-payments section 1): Welcome, Quote, Apply, Confirm, Payment, Insured. */
export const PA_STEPS = ANNUAL_STEPS;
