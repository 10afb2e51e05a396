import { planLabel } from '@lionrock/domain/display/plan-label';
import { HOME_PLANS } from '@lionrock/domain/home/home-model';
import { describe, expect, it } from 'vitest';
import { type TCatalogue, translate } from '../lib/translate';
import en from './en.json';
import zh from './zh.json';

/**
 * The mails and the schedule name a plan by the domain's `planLabel` (issue 29); the shop's pages by
 * these catalogues. The customer reads one name for the plan bought, on the page and in the documents.
 */
const CATALOGUES = { en, zh } as Record<'en' | 'zh', TCatalogue>;

describe('plan names: the shop’s catalogue and the documents’ label agree', () => {
  it.each(['en', 'zh'] as const)('in %s', (language) => {
    const t = (key: string, values: Record<string, unknown> = {}) =>
      translate(CATALOGUES[language], language, key, values);
    for (const plan of ['STANDARD', 'SUPER'])
      expect(planLabel({ planName: plan }, language)).toBe(t(`quotePage.plans.${plan}`));
    expect(planLabel({ planName: 'SUPER PLUS' }, language)).toBe(
      t('quotePage.planPlus', { plan: t('quotePage.plans.SUPER') }),
    );
    for (const letter of ['A', 'B', 'C', 'D'])
      expect(planLabel({ planName: letter }, language)).toBe(t('paQuote.planName', { plan: letter }));
    for (const plan of HOME_PLANS)
      expect(planLabel({ planName: plan }, language)).toBe(t(`homeQuote.plans.${plan}`));
  });
});
