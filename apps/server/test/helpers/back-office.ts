import { randomBytes } from 'node:crypto';
import type { TAccountRole } from '@lionrock/domain/back-office/staff-rules';
import type { FastifyInstance } from 'fastify';
import type { TDb } from '../../src/db/database.ts';
import { campaigns } from '../../src/db/schema.ts';
import { STAFF_API_PREFIX, STAFF_COOKIE } from '../../src/modules/back-office/staff-access.ts';
import { totpCode } from '../../src/modules/back-office/totp.ts';

export const BACK_OFFICE = STAFF_API_PREFIX;
export const TEST_STAFF_PASSWORD = 'a-long-test-password-1';

export type TSignedIn = {
  accountId: string;
  username: string;
  cookie: string;
  csrf: string;
  /** The headers of a call as this account: the cookie and the CSRF token. */
  headers: Record<string, string>;
};

let counter = 0;

/**
 * A new account of `role` signed in through the real calls (password, then the TOTP code for staff,
 * computed from the enrolment secret the sign-in answered). `at` is the app's clock now.
 */
export async function signedInAs(
  app: FastifyInstance,
  role: TAccountRole,
  options: { agentCode?: string; at?: Date; username?: string } = {},
): Promise<TSignedIn> {
  counter += 1;
  const username =
    options.username ?? `${role.replace('_', '-')}-${counter}-${randomBytes(3).toString('hex')}`;
  const account = await app.services.staffAccess.createAccount({
    username,
    email: `${username}@insurer.example`,
    displayName: `Test ${role}`,
    role,
    agentCode: options.agentCode ?? null,
    password: TEST_STAFF_PASSWORD,
    createdBy: 'test',
  });
  const signIn = await app.inject({
    method: 'POST',
    url: `${BACK_OFFICE}/session/sign-in`,
    payload: { username, password: TEST_STAFF_PASSWORD },
  });
  if (signIn.statusCode !== 200) throw new Error(`sign-in failed: ${signIn.statusCode} ${signIn.body}`);
  const cookie = signIn.cookies.find((c) => c.name === STAFF_COOKIE)!.value;
  const answer = signIn.json() as { stage: string; csrfToken: string; enrol: { secret: string } | null };
  if (answer.stage === 'password') {
    const code = totpCode(answer.enrol!.secret, options.at ?? new Date());
    const confirmed = await app.inject({
      method: 'POST',
      url: `${BACK_OFFICE}/session/code`,
      cookies: { [STAFF_COOKIE]: cookie },
      headers: { 'x-csrf-token': answer.csrfToken },
      payload: { code },
    });
    if (confirmed.statusCode !== 200)
      throw new Error(`code refused: ${confirmed.statusCode} ${confirmed.body}`);
  }
  return {
    accountId: account.id,
    username,
    cookie,
    csrf: answer.csrfToken,
    headers: { cookie: `${STAFF_COOKIE}=${cookie}`, 'x-csrf-token': answer.csrfToken },
  };
}

/** A Singapore travel campaign of the given dates (ISO), active unless told: what a desk link may name. */
export async function insertTravelCampaign(
  db: TDb,
  campaign: { campaignCode: string; startDate: string; endDate: string; status?: string },
): Promise<void> {
  await db.insert(campaigns).values({
    campaignName: `Test ${campaign.campaignCode}`,
    status: 'ACTIVE',
    productCode: 'PTR',
    country: 'SGP',
    ...campaign,
  });
}

/**
 * Types `times` wrong second-factor codes on the session a right password opened: six digits (the
 * route refuses anything else before counting it), none the authenticator shows two steps either side
 * of `at` (the app's clock), so never a valid one.
 */
export async function enterWrongCodes(
  app: FastifyInstance,
  signIn: {
    cookies: { name: string; value: string }[];
    json: () => { csrfToken: string; enrol?: { secret: string } | null };
  },
  times: number,
  at = new Date(),
): Promise<void> {
  const cookie = signIn.cookies.find((c) => c.name === STAFF_COOKIE)!.value;
  const secret = signIn.json().enrol?.secret;
  const shown = secret
    ? [-2, -1, 0, 1, 2].map((step) => totpCode(secret, new Date(at.getTime() + step * 30_000)))
    : [];
  const wrong = ['000000', '111111', '222222', '333333', '444444', '555555'].find(
    (code) => !shown.includes(code),
  );
  for (let attempt = 0; attempt < times; attempt += 1)
    await app.inject({
      method: 'POST',
      url: `${BACK_OFFICE}/session/code`,
      cookies: { [STAFF_COOKIE]: cookie },
      headers: { 'x-csrf-token': signIn.json().csrfToken },
      payload: { code: wrong },
    });
}
