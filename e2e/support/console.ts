import type { Page } from '@playwright/test';

/**
 * Collects, from now on, every console error (CSP violations included) and every uncaught page error.
 * A test ends with `expect(problems).toEqual([])`, so any single one of them fails it.
 */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}
