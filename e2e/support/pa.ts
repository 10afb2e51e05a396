import type { Page } from '@playwright/test';
import { expect } from './test.ts';

/**
 * A Singapore individual, a teacher, from the PA landing to the plans: occupation, the citizen answer
 * and the risk statement, the effective date as offered. The page is at /pa/quote when it returns.
 */
export async function paQuotePage(page: Page): Promise<void> {
  await page.goto('/pa?country=SGP');
  const picker = page.getByRole('group', { name: 'Your occupation' });
  await picker.getByRole('searchbox').fill('teacher');
  await picker.getByRole('radio', { name: /teacher/i }).check();
  await page.getByRole('button', { name: 'Get a quote' }).click();
  await expect(page).toHaveURL(/\/pa\/occupation$/);
  await page.getByRole('radio', { name: 'Singapore citizen' }).check();
  await page.getByRole('checkbox', { name: /Risk Statements are true/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/pa\/effective-date$/);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/pa\/quote$/);
}
