/**
 * What an occupation class means (pa-home-payments section 3), written once: classes 01–03 are rated,
 * class 04 is declined, class 03 is not offered plan D. The rating, the forms, the referral desk, the
 * quote links and the wording read these; the rate table only carries prices for what is offered.
 */
export const PA_PLANS = ['A', 'B', 'C', 'D'] as const;
export type TPaPlanCode = (typeof PA_PLANS)[number];

export const OCCUPATION_CLASSES = ['01', '02', '03', '04'] as const;
export type TOccupationClass = (typeof OCCUPATION_CLASSES)[number];

/** The classes the PA table prices. */
export const RATED_CLASSES = ['01', '02', '03'] as const;
export type TRatedClass = (typeof RATED_CLASSES)[number];

/** The class whose occupations are not covered: the customer is declined (or referred to underwriting). */
export const DECLINED_CLASS = '04' satisfies TOccupationClass;

/** Plans a class is not offered: the plan card is simply not shown. */
const PLANS_WITHHELD: Record<TRatedClass, readonly TPaPlanCode[]> = { '01': [], '02': [], '03': ['D'] };

export function isDeclinedClass(occupationClass: string | null | undefined): boolean {
  return occupationClass === DECLINED_CLASS;
}

export function isRatedClass(occupationClass: string | null | undefined): occupationClass is TRatedClass {
  return (RATED_CLASSES as readonly string[]).includes(occupationClass ?? '');
}

/** Whether an adult of this class may buy the plan: a declined or unknown class buys none. */
export function isPlanOfferedToClass(plan: TPaPlanCode, occupationClass: string | null | undefined): boolean {
  return isRatedClass(occupationClass) && !PLANS_WITHHELD[occupationClass].includes(plan);
}

/** One line an underwriter or a wording reads for a rated class, e.g. "03 (no plan D)". */
export function withheldPlansNote(occupationClass: TRatedClass): string {
  const withheld = PLANS_WITHHELD[occupationClass];
  return withheld.length === 0 ? '' : `no plan ${withheld.join(' or ')}`;
}
