/**
 * The personal accident cover's terms (pa-home-payments section 9), stated by the wording and the copy:
 * hospital cash from 24 hours' confinement, paid up to 2 years; coma within 30 days of the injury and at
 * least 3 consecutive months in hospital; temporary total disablement after a 7-day wait, up to 75 % of
 * average weekly earnings, for up to 104 weeks (decision 050).
 */
export const PA_TERMS = {
  hospitalMinHours: 24,
  hospitalMaxYears: 2,
  comaWithinDays: 30,
  comaMinMonths: 3,
  ttdWaitingDays: 7,
  ttdMaxEarningsPercent: 75,
  ttdMaxWeeks: 104,
} as const;
