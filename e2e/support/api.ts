import { randomUUID } from 'node:crypto';
import { todayIn } from '@lionrock/domain/dates/local-date';
import { buildTravelPolicy } from '@lionrock/domain/schemas/fixtures';
import type { TPolicyInput } from '@lionrock/domain/schemas/policy-schema';
import { expect, type Page, type TestInfo } from '@playwright/test';
import { SHOP_TIME_ZONE } from './dates.ts';
import { JOURNEY_KEY, SESSION_NAME_KEY, storedPolicy, storedSessionName } from './storage.ts';

export type TApiResponse = { status: number; json: Record<string, unknown> };

/**
 * POSTs `body` to the shop's REST API (`/b2c-server/rest/{path}`) under the given Session-Name; the shop
 * is the project's unless `baseUrl` names another.
 */
export async function postApi(
  testInfo: TestInfo,
  session: string,
  path: string,
  body: unknown,
  baseUrl = testInfo.project.use.baseURL,
): Promise<TApiResponse> {
  const response = await fetch(`${baseUrl}/b2c-server/rest/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'session-name': session },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

/**
 * Asks the API, with the browser's own Session-Name, to issue the policy the browser holds: it must
 * answer 200 with that policy issued under `policyNumber`.
 */
export async function expectIssued(page: Page, testInfo: TestInfo, policyNumber: string, baseUrl?: string) {
  const session = await storedSessionName(page);
  const policy = await storedPolicy(page);
  const issued = await postApi(testInfo, session, 'policy/issueAndReceiptPolicy', policy, baseUrl);
  expect(issued.status).toBe(200);
  expect(issued.json).toMatchObject({ status: 'issued', policyNumber });
}

/**
 * Quotes and rates a full travel policy (applicant and one traveller, `buildTravelPolicy`) through the
 * API with a Session-Name of its own, and puts it in the browser's journey store under that session, as
 * the applicant page leaves it. Takes effect on the next navigation; returns the Session-Name.
 */
export async function seedJourney(
  page: Page,
  testInfo: TestInfo,
  change: (policy: TPolicyInput) => TPolicyInput = (policy) => policy,
  baseUrl?: string,
): Promise<{ session: string }> {
  const session = `e2e-${randomUUID()}`;
  const policy = change(buildTravelPolicy(todayIn(SHOP_TIME_ZONE, new Date())));
  const quoted = await postApi(testInfo, session, 'policy/multirate', policy, baseUrl);
  expect(quoted.status).toBe(200);
  const plans = (quoted.json.policyTravel as { premiumItems: unknown[] }).premiumItems;
  const rated = await postApi(
    testInfo,
    session,
    'policy/rate',
    { ...policy, policyTravel: { ...policy.policyTravel, policyPremium: plans[0] } },
    baseUrl,
  );
  expect(rated.status).toBe(200);
  const journey = {
    state: { policy: rated.json, plans, campaign: null, initialUrl: '/travel' },
    version: 1,
  };
  // Once per tab and in the top window only: the gateway's frames share the tab's sessionStorage.
  await page.addInitScript(
    ({ session, journey, keys }) => {
      if (window !== window.top || sessionStorage.getItem('e2e.seeded')) return;
      sessionStorage.setItem('e2e.seeded', '1');
      sessionStorage.setItem(keys.session, session);
      sessionStorage.setItem(keys.journey, JSON.stringify(journey));
    },
    { session, journey, keys: { session: SESSION_NAME_KEY, journey: JOURNEY_KEY } },
  );
  return { session };
}

/**
 * Every document link on the page (`/document/get/…`, collapsed sections included) downloads a PDF: the
 * links are built by the web app, the names accepted by the server, and the two must agree.
 */
export async function expectDocumentLinksWork(page: Page, atLeast = 1) {
  const links = await page
    .locator('a[href*="/b2c-server/rest/document/get/"]')
    .evaluateAll((anchors) => anchors.map((anchor) => (anchor as HTMLAnchorElement).href));
  expect(links.length).toBeGreaterThanOrEqual(atLeast);
  for (const href of new Set(links)) {
    const response = await page.request.get(href);
    expect(response.status(), href).toBe(200);
    expect(response.headers()['content-type'], href).toContain('application/pdf');
    expect((await response.body()).subarray(0, 5).toString(), href).toBe('%PDF-');
  }
}
