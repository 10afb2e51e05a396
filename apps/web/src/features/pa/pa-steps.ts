/** The stepper's names for PA (pa-home-payments section 1): Welcome, Quote, Apply, Confirm, Payment, Insured. */
export const PA_STEPS = ['welcome', 'quote', 'apply', 'confirm', 'payment', 'insuredDone'] as const;
