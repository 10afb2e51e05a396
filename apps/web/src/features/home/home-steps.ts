/**
 * Home's six stepper steps, keys under `stepper.steps` (decision 059): the first is "Your home", where
 * travel has "Welcome"; the rest are the shared journey's.
 */
export const HOME_STEPS = ['home', 'quote', 'apply', 'confirm', 'insured', 'complete'] as const;
