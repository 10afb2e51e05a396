import { recordConsent } from '@lionrock/domain/consents/consents';
import { formatIso, type TLocalDate } from '@lionrock/domain/dates/local-date';
import {
  buildHomePolicy,
  buildHongKongHomePolicy,
  buildTravelPolicy,
} from '@lionrock/domain/schemas/fixtures';
import type { TPolicy, TPolicyInput } from '@lionrock/domain/schemas/policy-schema';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TDb } from '../../src/db/database.ts';
import { policies } from '../../src/db/schema.ts';
import { payAtTestGateway, postReceipt } from './card-gateway.ts';
import { postRest, SESSION } from './test-app.ts';

export type TBought = {
  policyId: string;
  policyNumber: string;
  row: typeof policies.$inferSelect;
};

/**
 * A travel quote as the journey makes it ready for updateToPending: plans from multirate, the first chosen
 * and rated (which must answer 200), both declarations ticked and marketing declined at `at`. `post` is
 * the test's own spec call (its session, its headers).
 */
export async function confirmedTravelQuote(
  post: (path: string, payload: unknown) => Promise<LightMyRequestResponse>,
  policy: TPolicyInput,
  at: string,
) {
  const quoted = (await post('policy/multirate', policy)).json();
  const chosen = {
    ...policy,
    policyTravel: { ...policy.policyTravel, policyPremium: quoted.policyTravel.premiumItems[0] },
  };
  const rated = await post('policy/rate', chosen);
  expect(rated.statusCode).toBe(200);
  const consent = recordConsent(true, at);
  return {
    ...rated.json(),
    consents: { declaration1: consent, declaration2: consent, marketing: recordConsent(false, at) },
  };
}

/**
 * Buys a Singapore travel policy the way the browser does (multirate, rate, updateToPending, the test
 * gateway, the receipt) and returns the issued row. `annual` asks for auto-renewal (a card token);
 * `edit` changes the rated policy before it is sent to pending (another applicant, say).
 */
export async function buyTravelPolicy(
  app: FastifyInstance,
  db: TDb,
  options: {
    today: TLocalDate;
    annual?: boolean;
    card?: string;
    session?: string;
    /** The agent (and sub-agent) the journey came by, from the first quote on, as a partner link sets it. */
    agent?: { agentCode: string; subAgentId?: string };
    edit?: (policy: { policyTravel: { applicant: Record<string, unknown> } }) => void;
    /** Fields of the quote itself (a campaign and promo code, say), given before it is rated. */
    quote?: Record<string, unknown>;
  },
): Promise<TBought> {
  const session = options.session ?? SESSION;
  const post = (path: string, payload: unknown) => postRest(app, path, payload, session);
  const annual = options.annual ?? false;
  const input = buildTravelPolicy(options.today, {
    ...options.quote,
    policyTravel: (annual ? { paPolicyType: 'A', returnDate: '' } : { paPolicyType: 'S' }) as never,
    ...(options.agent ?? {}),
  });
  const quoted = await post('policy/multirate', input);
  if (quoted.statusCode !== 200) throw new Error(`multirate answered ${quoted.statusCode}: ${quoted.body}`);
  const rated = await post('policy/rate', {
    ...input,
    policyTravel: { ...input.policyTravel, policyPremium: quoted.json().policyTravel.premiumItems[0] },
  });
  if (rated.statusCode !== 200) throw new Error(`rate answered ${rated.statusCode}: ${rated.body}`);
  const at = `${formatIso(options.today)}T02:00:00.000Z`;
  const consent = recordConsent(true, at);
  const policy = {
    ...rated.json(),
    consents: { declaration1: consent, declaration2: consent, marketing: recordConsent(false, at) },
  };
  policy.policyTravel.applicant.hasAutoRenewal = annual;
  options.edit?.(policy);
  const pending = await post('policy/updateToPending', policy);
  if (pending.statusCode !== 200)
    throw new Error(`updateToPending answered ${pending.statusCode}: ${pending.body}`);
  const answer = await payAtTestGateway(app, pending.json().paymentSignature, options.card);
  const receipt = await postReceipt(app, answer);
  if (!receipt.json().paid) throw new Error(`the receipt did not pay: ${receipt.body}`);
  const policyId = pending.json().policy.policyId as string;
  const [row] = await db.select().from(policies).where(eq(policies.policyId, policyId));
  if (row?.status !== 'issued' || !row.policyNumber) throw new Error(`policy ${policyId} was not issued`);
  return { policyId, policyNumber: row.policyNumber, row };
}

/**
 * A live policyholder session that has proved the address of `policyId`, as its one-time code or its
 * mailed link proves it (decision 101): the cookie header to send. It goes through the app's own holder
 * access, so the same checks apply to it as to a customer's; the sign-in itself is tested in
 * my-policy-access.test.ts.
 */
export async function holderCookieFor(app: FastifyInstance, db: TDb, policyId: string): Promise<string> {
  const [row] = await db.select().from(policies).where(eq(policies.policyId, policyId));
  if (!row?.contactEmail) throw new Error(`policy ${policyId} has no address to prove`);
  return holderCookieForAddress(app, row.country as 'SGP' | 'HKG', row.contactEmail);
}

/** A new session of the market that has proved `address` (lower-cased, as policies store it). */
export async function holderCookieForAddress(
  app: FastifyInstance,
  country: 'SGP' | 'HKG',
  address: string,
): Promise<string> {
  let cookie = '';
  const reply = {
    setCookie(name: string, value: string) {
      cookie = `${name}=${value}`;
      return reply;
    },
  };
  await app.services.holderAccess.proveAddress({ cookies: {} } as never, reply as never, country, address);
  return cookie;
}

/**
 * Buys a home policy the way the browser does (multirate, rate with the plan `plan` of three,
 * updateToPending, the test gateway, the receipt) and returns the issued row: Singapore's 4-room HDB
 * flat (`buildHomePolicy`), or `hongKong`'s flat in Wan Chai (`buildHongKongHomePolicy`).
 */
export async function buyHomePolicy(
  app: FastifyInstance,
  db: TDb,
  options: {
    today: TLocalDate;
    hongKong?: boolean;
    plan?: number;
    session?: string;
    /** Paid by a PayNow QR (Singapore) instead of a card. */
    payNow?: boolean;
    /** The home as bought: the address and the facts it is rated on (the fixture's 4-room flat else). */
    home?: Partial<TPolicy['policyHome']>;
    /** Auto-renewal ticked: the card payment also stores a token for the renewal charge. */
    autoRenewal?: boolean;
  },
): Promise<TBought> {
  const session = options.session ?? SESSION;
  const post = (path: string, payload: unknown) => postRest(app, path, payload, session);
  const built = (options.hongKong ? buildHongKongHomePolicy : buildHomePolicy)(options.today);
  const input = options.home ? { ...built, policyHome: { ...built.policyHome, ...options.home } } : built;
  const quoted = await post('policy/multirate', input);
  if (quoted.statusCode !== 200) throw new Error(`multirate answered ${quoted.statusCode}: ${quoted.body}`);
  const item = quoted.json().policyHome.premiumItems[options.plan ?? 1];
  const rated = await post('policy/rate', {
    ...input,
    policyHome: { ...input.policyHome, selectedPlan: item.planName, policyPremium: item },
  });
  if (rated.statusCode !== 200) throw new Error(`rate answered ${rated.statusCode}: ${rated.body}`);
  const at = `${formatIso(options.today)}T02:00:00.000Z`;
  const consent = recordConsent(true, at);
  const consents = { declaration1: consent, declaration2: consent, marketing: recordConsent(false, at) };
  let policyId: string;
  if (options.payNow) {
    const qr = await post('policy/updateToPendingGenerateQR', { ...(rated.json() as object), consents });
    if (qr.statusCode !== 200) throw new Error(`the QR answered ${qr.statusCode}: ${qr.body}`);
    const paid = await post('payNow/qrCodeSimulatePaymentB2C', { txnRef: qr.json().response.txnRef });
    if (paid.statusCode !== 200)
      throw new Error(`the PayNow credit answered ${paid.statusCode}: ${paid.body}`);
    await post('payNow/issueAndReceiptQRPolicy', qr.json().policy);
    policyId = qr.json().policy.policyId as string;
  } else {
    const ratedPolicy = rated.json() as TPolicy;
    if (options.autoRenewal) ratedPolicy.policyHome!.applicant!.hasAutoRenewal = true;
    const pending = await post('policy/updateToPending', { ...ratedPolicy, consents });
    if (pending.statusCode !== 200)
      throw new Error(`updateToPending answered ${pending.statusCode}: ${pending.body}`);
    const receipt = await postReceipt(app, await payAtTestGateway(app, pending.json().paymentSignature));
    if (!receipt.json().paid) throw new Error(`the receipt did not pay: ${receipt.body}`);
    policyId = pending.json().policy.policyId as string;
  }
  const [row] = await db.select().from(policies).where(eq(policies.policyId, policyId));
  if (row?.status !== 'issued' || !row.policyNumber) throw new Error(`policy ${policyId} was not issued`);
  return { policyId, policyNumber: row.policyNumber, row };
}
