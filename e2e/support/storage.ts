import type { TPolicyInput } from '@lionrock/domain/schemas/policy-schema';
import { expect, type Page } from '@playwright/test';

/** The browser's sessionStorage keys the shop keeps its travel journey and its Session-Name under. */
export const JOURNEY_KEY = 'lionrock.travel';
export const SESSION_NAME_KEY = 'lionrock.sessionName';

/** A travel policy always carries its travel part. */
export type TStoredPolicy = TPolicyInput & { policyTravel: NonNullable<TPolicyInput['policyTravel']> };
export type TStoredJourney = { state: { policy: TStoredPolicy } };

/** The travel journey the web app keeps in this tab's sessionStorage. */
export async function storedJourney(page: Page): Promise<TStoredJourney> {
  return JSON.parse((await page.evaluate((key) => sessionStorage.getItem(key), JOURNEY_KEY)) ?? 'null');
}

export async function storedPolicy(page: Page): Promise<TStoredPolicy> {
  return (await storedJourney(page)).state.policy;
}

/** The Session-Name the browser sends on every API call; it must be there. */
export async function storedSessionName(page: Page): Promise<string> {
  const session = await page.evaluate((key) => sessionStorage.getItem(key), SESSION_NAME_KEY);
  expect(session).toBeTruthy();
  return session!;
}
