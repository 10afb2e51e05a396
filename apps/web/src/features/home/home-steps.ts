import { ANNUAL_STEPS } from '../../components/ui/stepper';

/**
 * Home's six stepper steps, as personal accident's (pa-home-payments section 1): Welcome, Quote, Apply,
 * Confirm, Payment, Insured. (Decision 059's "Your home" first step is retired: the spec names them.)
 */
export const HOME_STEPS = ANNUAL_STEPS;
