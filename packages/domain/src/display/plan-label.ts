import { basePlanName } from './price-display.ts';

/**
 * A plan's name as the customer chose it on the quote page, for the mail and the documents (issue 29:
 * "Plan A (Plan-A-)" named the plan twice, the second time by its rating code). Written once here, as
 * the shop's catalogue names the plans (quotePage.plans, paQuote.planName, homeQuote.plans; a web test
 * holds the two together); the Chinese in Simplified characters, which Hong Kong reads converted
 * (decision 110). The plan code stays the rating's and the back office's, never a customer's label.
 */
const NAMES: Record<string, { en: string; zh: string }> = {
  STANDARD: { en: 'Standard', zh: '标准' },
  SUPER: { en: 'Super', zh: '尊尚' },
  ESSENTIAL: { en: 'Essential', zh: '基本' },
  ENHANCED: { en: 'Enhanced', zh: '进阶' },
  PRESTIGE: { en: 'Prestige', zh: '尊贵' },
};

/** A travel plan with its top-up: "Super Plus", "尊尚加强版" (travel-flow section 1). */
const PLUS = { en: (plan: string) => `${plan} Plus`, zh: (plan: string) => `${plan}加强版` };
/** A personal accident plan by its letter (pa-home-payments section 3, Plans A to D). */
const PA_PLAN = { en: (letter: string) => `Plan ${letter}`, zh: (letter: string) => `计划${letter}` };

/**
 * "Plan A", "Super Plus", "Enhanced"; "计划A", "尊尚加强版", "进阶". A plan the list does not know
 * (a rate table's new plan) is named by its rate table's description, else its name.
 */
export function planLabel(
  plan: { planName: string; planDesc?: string | undefined },
  language: 'en' | 'zh',
): string {
  const base = basePlanName(plan.planName);
  const letter = /^[A-D]$/.exec(base)?.[0];
  const name = letter
    ? PA_PLAN[language](letter)
    : (NAMES[base]?.[language] ?? (plan.planDesc?.trim().replace(/ Plus$/, '') || base));
  return base === plan.planName ? name : PLUS[language](name);
}
