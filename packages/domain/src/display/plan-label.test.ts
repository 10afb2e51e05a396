import { describe, expect, it } from 'vitest';
import { planLabel } from './plan-label.ts';

describe('a plan named once, as the customer chose it (issue 29)', () => {
  it.each([
    [{ planName: 'A', planDesc: 'Plan A' }, 'Plan A', '计划A'],
    [{ planName: 'D' }, 'Plan D', '计划D'],
    [{ planName: 'SUPER', planDesc: 'Super' }, 'Super', '尊尚'],
    [{ planName: 'STANDARD PLUS', planDesc: 'Standard Plus' }, 'Standard Plus', '标准加强版'],
    [{ planName: 'ENHANCED', planDesc: 'Enhanced' }, 'Enhanced', '进阶'],
    // A plan a later rate table adds is named by its description, never by its code.
    [{ planName: 'PLATINUM', planDesc: 'Platinum' }, 'Platinum', 'Platinum'],
    [{ planName: 'GOLD PLUS', planDesc: 'Gold Plus' }, 'Gold Plus', 'Gold加强版'],
    [{ planName: 'GOLD' }, 'GOLD', 'GOLD'],
  ])('%o is "%s" and "%s"', (plan, en, zh) => {
    expect(planLabel(plan, 'en')).toBe(en);
    expect(planLabel(plan, 'zh')).toBe(zh);
  });
});
