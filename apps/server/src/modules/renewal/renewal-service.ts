import { randomUUID } from 'node:crypto';
import {
  addDays,
  formatDmy,
  formatIso,
  parseIso,
  type TLocalDate,
  todayIn,
} from '@lionrock/domain/dates/local-date';
import { MARKETS, type TCountry } from '@lionrock/domain/market/market';
import { isAutoRenewalOn, policyApplicant } from '@lionrock/domain/payments/payment-rules';
import {
  formatCardExpiry,
  isCardExpiredBy,
  isChargeDue,
  isNoticeDue,
  RENEWAL_LINK_VALID_DAYS,
  RENEWAL_NOTICE_DAYS,
  renewalChargeDate,
  renewalPeriod,
  renewedPolicyDocument,
} from '@lionrock/domain/payments/renewal-rules';
import type { TPolicy } from '@lionrock/domain/schemas/policy-schema';
import type { FastifyBaseLogger } from 'fastify';
import type { TConfig } from '../../config.ts';
import type { TDb } from '../../db/database.ts';
import { describeError } from '../../lib/redaction.ts';
import { sharedSecret } from '../../lib/server-secrets.ts';
import { signLink, verifyLink } from '../../lib/signed-link.ts';
import { STATUS_FOR_OUTCOME } from '../../payments/card-gateway/gateway-answer.ts';
import {
  cardProvider,
  type TTokenChargeInput,
  type TTokenChargeResult,
} from '../../payments/card-gateway/payment-provider.ts';
import { createAgentRepository } from '../agent/agent-repository.ts';
import { makeReference } from '../payment/card-payment-service.ts';
import { createIssuanceService, type TIssuanceService } from '../payment/issuance-service.ts';
import {
  createPaymentRepository,
  type TMailRow,
  type TPaymentRepository,
  type TPaymentRow,
} from '../payment/payment-repository.ts';
import type { TPolicyRow } from '../policy/policy-repository.ts';
import {
  composeRenewalMail,
  isRenewalMailKind,
  type TRenewalMail as TRenewalMailContent,
  type TRenewalMailFacts,
  type TRenewalMailKind,
} from './renewal-mail.ts';
import {
  createRenewalRepository,
  type TRenewalCandidate,
  type TRenewalMail,
  type TRenewalRepository,
} from './renewal-repository.ts';

/** The page behind the signed link in every renewal e-mail that turns auto-renewal off. */
export const TURN_OFF_PATH = '/b2c-server/rest/renewal/turn-off';

/** The session name renewed policies and their payments are filed under (no browser made them). */
export const RENEWAL_SESSION = 'auto-renewal';

/** A renewal charge that has had no answer this long is handed to operations. */
const UNANSWERED_AFTER_MS = 60 * 60_000;

export type { TTokenChargeInput, TTokenChargeResult };

/** Charges a stored payment token (merchant-initiated, no cardholder present). */
export type TTokenCharger = (input: TTokenChargeInput) => Promise<TTokenChargeResult>;

/**
 * The default charger: the market's card provider (payment-provider.ts). The built-in test gateway
 * charges the token; a real CyberSource profile would need its payments API, which the shop does not
 * call: such a renewal is left to operations.
 */
export function createTokenCharger(
  config: TConfig,
  db: TDb,
  now: () => Date = () => new Date(),
): TTokenCharger {
  return async (input) => (await cardProvider({ config, db, now }, input.country)).chargeToken(input);
}

export type TRenewalScanResult = {
  /** Auto-renewing policies in the notice window. */
  scanned: number;
  /** Never renewed: not annual, corporate, or auto-renewal not ticked in the document. */
  ineligible: number;
  notices: number;
  cardExpiring: number;
  /** Token charges made (answered or not). */
  charged: number;
  renewed: number;
  declined: number;
  review: number;
  manual: number;
  unanswered: number;
  errors: number;
};

type TLinkDeps = { db: TDb; config: TConfig; now: () => Date };

const linkSecret = (deps: TLinkDeps) => sharedSecret(deps.db, 'link-signing', deps.config.linkSigningSecret);

/** The absolute, signed turn-off link for a policy, bound to its number, valid 60 days. */
export async function signTurnOffLink(
  deps: TLinkDeps,
  policyId: string,
  policyNumber: string,
): Promise<string> {
  const expiresAt = new Date(deps.now().getTime() + RENEWAL_LINK_VALID_DAYS * 86_400_000);
  const path = signLink(
    { path: `${TURN_OFF_PATH}/${policyId}`, subject: policyNumber, expiresAt },
    await linkSecret(deps),
  );
  return `${deps.config.publicUrl}${path}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const isoToDmy = (iso: string | null): string => {
  const date = iso ? parseIso(iso) : null;
  return date ? formatDmy(date) : '';
};

const last4 = (masked: string | null | undefined): string => {
  const tail = (masked ?? '').slice(-4);
  return /^\d{4}$/.test(tail) ? tail : '';
};

/**
 * The content of a renewal e-mail in the outbox, worked out from the policies and payments it is
 * about when it is sent. The policy-mail delivery calls this for the four renewal kinds.
 */
export async function renewalMailContent(deps: TLinkDeps, mail: TMailRow): Promise<TRenewalMailContent> {
  if (!isRenewalMailKind(mail.kind)) throw new Error(`mail ${mail.id}: ${mail.kind} is not a renewal mail`);
  if (!mail.policyId) throw new Error(`mail ${mail.id}: it names no policy`);
  const repository = createRenewalRepository(deps.db);
  const policy = await repository.findPolicy(mail.policyId);
  if (!policy?.policyNumber || !policy.endDate) throw new Error(`mail ${mail.id}: its policy is not issued`);
  const language = mail.language === 'zh' ? 'zh' : 'en';
  const kind: TRenewalMailKind = mail.kind;

  if (kind === 'renewal-success') {
    const old = policy.renewalOf ? await repository.findPolicy(policy.renewalOf) : undefined;
    const payment = await repository.latestPayment(policy.policyId);
    const oldEnd = old?.endDate ? parseIso(old.endDate) : null;
    const facts: TRenewalMailFacts = {
      policyNumber: old?.policyNumber ?? '',
      renewedPolicyNumber: policy.policyNumber,
      expiryDate: isoToDmy(old?.endDate ?? null),
      renewalStart: isoToDmy(policy.startDate),
      renewalEnd: isoToDmy(policy.endDate),
      chargeDate: oldEnd ? formatDmy(renewalChargeDate(oldEnd)) : '',
      amountCents: payment?.amountCents ?? policy.totalCents ?? 0,
      cardLast4: last4(payment?.maskedCard),
      cardExpiry: formatCardExpiry(payment?.cardExpiry),
    };
    return composeRenewalMail(kind, policy.document as TPolicy, {
      language,
      facts,
      turnOffUrl: await signTurnOffLink(deps, policy.policyId, policy.policyNumber),
    });
  }

  const end = parseIso(policy.endDate)!;
  const period = renewalPeriod(end);
  const token = await repository.tokenPayment(policy.policyId);
  let amountCents = policy.totalCents ?? 0;
  let card: TPaymentRow | undefined = token;
  if (kind === 'renewal-failed') {
    const renewal = await repository.findRenewalOf(policy.policyId);
    const charge = renewal ? await repository.latestPayment(renewal.policyId) : undefined;
    if (charge) {
      amountCents = charge.amountCents;
      if (charge.maskedCard) card = charge;
    }
  }
  const facts: TRenewalMailFacts = {
    policyNumber: policy.policyNumber,
    expiryDate: formatDmy(end),
    renewalStart: formatDmy(period.start),
    renewalEnd: formatDmy(period.end),
    chargeDate: formatDmy(renewalChargeDate(end)),
    amountCents,
    cardLast4: last4(card?.maskedCard),
    cardExpiry: formatCardExpiry(card?.cardExpiry),
  };
  return composeRenewalMail(kind, policy.document as TPolicy, {
    language,
    facts,
    turnOffUrl: await signTurnOffLink(deps, policy.policyId, policy.policyNumber),
  });
}

/** What the turn-off link shows or did. */
export type TTurnOffState =
  | { kind: 'invalid' | 'expired' }
  | {
      kind: 'ok';
      policyNumber: string;
      country: TCountry;
      language: 'en' | 'zh';
      productType: TPolicy['productType'];
      endDate: string;
      /** Auto-renewal was (GET) or is now (POST) off; `changed` tells whether this request turned it off. */
      autoRenewal: boolean;
      changed: boolean;
      /** The number of the policy that already renewed this one, if any. */
      renewedPolicyNumber: string | null;
    };

/**
 * Auto-renewal (pa-home-payments section 9; design section 6; decision 011): a daily scan, told what
 * day it is, sends the renewal notice 30 days before the end of cover, charges the stored token 15
 * days before it, issues the renewed policy, and mails the outcome. Safe with several instances: the
 * notice and the renewal are each claimed by one statement or locked transaction before anything is
 * sent or charged.
 */
export function createRenewalService(deps: {
  db: TDb;
  config: TConfig;
  repository?: TRenewalRepository;
  payments?: TPaymentRepository;
  issuance?: TIssuanceService;
  charge: TTokenCharger;
  now: () => Date;
  log: FastifyBaseLogger;
  /** Called after a scan queued mail (the delivery job is nudged). */
  onMailQueued?: () => void;
}) {
  const repository = deps.repository ?? createRenewalRepository(deps.db);
  const payments = deps.payments ?? createPaymentRepository(deps.db);
  const onMailQueued = deps.onMailQueued ?? (() => {});
  const issuance =
    deps.issuance ??
    createIssuanceService({
      repository: payments,
      agents: createAgentRepository(deps.db),
      now: deps.now,
      log: deps.log,
      onMailQueued,
    });

  function applicantMail(
    kind: TRenewalMailKind,
    policyId: string,
    policyNumber: string,
    document: TPolicy,
  ): TRenewalMail | null {
    const email = policyApplicant(document)?.email?.trim();
    if (!email) return null;
    return {
      kind,
      policyId,
      messageId: `${policyNumber}.${kind}.applicant`,
      recipientRole: 'applicant',
      recipient: email,
      language: document.lang ?? 'en',
    };
  }

  async function sendNotice(
    candidate: TRenewalCandidate,
    document: TPolicy,
    end: TLocalDate,
    counts: TRenewalScanResult,
  ): Promise<Date | null> {
    const { policy, tokenPayment } = candidate;
    const number = policy.policyNumber!;
    const cardExpiring = isCardExpiredBy(tokenPayment.cardExpiry, renewalChargeDate(end));
    const mails = [
      applicantMail('renewal-notice', policy.policyId, number, document),
      cardExpiring ? applicantMail('card-expiring', policy.policyId, number, document) : null,
    ].filter((mail): mail is TRenewalMail => mail !== null);
    const sentAt = await repository.claimNotice(policy.policyId, mails, deps.now());
    if (!sentAt) return null;
    counts.notices += 1;
    if (cardExpiring) counts.cardExpiring += 1;
    deps.log.info({ policyId: policy.policyId, policyNumber: number, cardExpiring }, 'renewal notice queued');
    return sentAt;
  }

  async function chargeRenewal(
    candidate: TRenewalCandidate,
    document: TPolicy,
    end: TLocalDate,
    counts: TRenewalScanResult,
  ): Promise<void> {
    const { policy: old, tokenPayment } = candidate;
    const country = old.country as TCountry;
    const oldNumber = old.policyNumber!;
    if (old.totalCents === null || old.totalCents <= 0) throw new Error('the expiring policy has no price');
    const now = deps.now();
    const period = renewalPeriod(end);
    const renewedId = randomUUID();
    const paymentId = randomUUID();
    const transactionUuid = randomUUID();
    const referenceNumber = makeReference(document, now);
    const amountCents = old.totalCents;
    const token = tokenPayment.paymentToken!;
    const claim = await repository.claimRenewal({
      oldPolicyId: old.policyId,
      renewed: {
        policyId: renewedId,
        sessionName: RENEWAL_SESSION,
        productType: old.productType,
        country: old.country,
        status: 'pending',
        planCode: old.planCode,
        currency: old.currency,
        premiumCents: old.premiumCents,
        taxCents: old.taxCents,
        totalCents: amountCents,
        agentCode: old.agentCode,
        startDate: formatIso(period.start),
        endDate: formatIso(period.end),
        document: renewedPolicyDocument(document, { policyId: renewedId, period, referenceNumber }),
        consents: old.consents,
        rateVersion: old.rateVersion,
        autoRenewal: true,
      },
      payment: {
        paymentId,
        policyId: renewedId,
        sessionName: RENEWAL_SESSION,
        method: 'CC',
        referenceNumber,
        transactionUuid,
        amountCents,
        currency: old.currency,
        status: 'pending',
        // Open until the old cover ends: a charge never answered is then expired by reconciliation.
        expiresAt: new Date(`${formatIso(period.start)}T00:00:00Z`),
        paymentToken: token,
        maskedCard: tokenPayment.maskedCard,
        cardType: tokenPayment.cardType,
        cardExpiry: tokenPayment.cardExpiry,
      },
    });
    if (claim !== 'claimed') return;

    const context = { policyId: old.policyId, renewedPolicyId: renewedId, referenceNumber };
    let result: Awaited<ReturnType<TTokenCharger>>;
    try {
      result = await deps.charge({
        country,
        token,
        referenceNumber,
        transactionUuid,
        amountCents,
        currency: old.currency,
        now,
      });
    } catch (error) {
      // Whether money moved is unknown: never charged again, operations look it up at the gateway.
      counts.unanswered += 1;
      deps.log.error({ ...context, err: error }, 'renewal charge failed without an answer');
      await repository.addAlert({
        kind: 'renewal_unanswered',
        paymentId,
        policyId: old.policyId,
        detail: { referenceNumber, amountCents, error: describeError(error).message },
      });
      return;
    }
    if (result.kind === 'manual') {
      counts.manual += 1;
      deps.log.warn(context, 'renewal charge left to operations');
      await repository.addAlert({
        kind: 'renewal_charge_manual',
        paymentId,
        policyId: old.policyId,
        detail: {
          reason: result.reason,
          policyNumber: oldNumber,
          renewedPolicyId: renewedId,
          referenceNumber,
          amountCents,
          currency: old.currency,
          chargeDate: formatIso(renewalChargeDate(end)),
        },
      });
      return;
    }
    counts.charged += 1;
    const { fields } = result;
    // The one verifier of a gateway answer (gateway-answer.ts), as for the card receipt.
    const provider = await cardProvider({ config: deps.config, db: deps.db, now: deps.now }, country);
    const check = provider.verifyAnswer(fields, {
      referenceNumber,
      amountCents,
      currency: old.currency,
      transactionUuid,
    });
    if (!check.ok) {
      counts.unanswered += 1;
      deps.log.error({ ...context, problems: check.problems }, 'renewal charge answer could not be verified');
      await repository.addAlert({
        kind: 'renewal_unanswered',
        paymentId,
        policyId: old.policyId,
        detail: { referenceNumber, problems: check.problems },
      });
      return;
    }

    const { signed, reasonCode, authorisedCents, gateway: decision } = check.answer;
    const status = STATUS_FOR_OUTCOME[decision.outcome];
    const recorded = await payments.recordAnswer(
      paymentId,
      status === 'paid' ? ['pending', 'expired'] : ['pending'],
      {
        status,
        gatewayTransactionId: check.answer.transactionId,
        decision: check.answer.decision,
        reasonCode,
        authCode: signed.auth_code || null,
        authorisedCents,
        maskedCard: signed.req_card_number || tokenPayment.maskedCard,
        cardType: signed.req_card_type || tokenPayment.cardType,
        cardExpiry: signed.req_card_expiry_date || tokenPayment.cardExpiry,
        paymentToken: token,
        gatewayAnswer: signed,
      },
    );
    if (!recorded) {
      deps.log.warn(context, 'renewal charge answer already recorded');
      return;
    }
    deps.log.info({ ...context, outcome: decision.outcome, reasonCode }, 'renewal charge answered');

    if (decision.reverse)
      await repository.addAlert({
        kind: 'reverse_authorisation',
        paymentId,
        policyId: renewedId,
        detail: { authorisedCents, amountCents, transactionId: check.answer.transactionId },
      });

    if (decision.outcome === 'REVIEW') {
      counts.review += 1;
      await repository.addAlert({ kind: 'review', paymentId, policyId: renewedId, detail: { reasonCode } });
      return;
    }

    if (decision.outcome === 'PAID') {
      const issued = await issuance.issuePayment(paymentId);
      if (issued.outcome === 'issued' || issued.outcome === 'already-issued') {
        counts.renewed += 1;
        await queueSuccessMail(issued.policy);
        return;
      }
      const reason = issued.outcome === 'refund' ? issued.reason : 'the paid renewal could not be issued';
      await fail(counts, {
        old,
        document,
        renewedId,
        paymentId,
        reason,
        detail: { referenceNumber, reason },
      });
      return;
    }

    await fail(counts, {
      old,
      document,
      renewedId,
      paymentId,
      reason: `${decision.outcome.toLowerCase()} ${reasonCode ?? ''}`.trim(),
      detail: { referenceNumber, outcome: decision.outcome, reasonCode, decision: check.answer.decision },
    });
  }

  async function fail(
    counts: TRenewalScanResult,
    entry: {
      old: TPolicyRow;
      document: TPolicy;
      renewedId: string;
      paymentId: string;
      reason: string;
      detail: Record<string, unknown>;
    },
  ): Promise<void> {
    const failed = await repository.failRenewal({
      renewedPolicyId: entry.renewedId,
      paymentId: entry.paymentId,
      reason: entry.reason,
      mail: applicantMail('renewal-failed', entry.old.policyId, entry.old.policyNumber!, entry.document),
      alert: { kind: 'renewal_failed', detail: { policyNumber: entry.old.policyNumber, ...entry.detail } },
    });
    if (failed) counts.declined += 1;
    deps.log.warn(
      { policyId: entry.old.policyId, renewedPolicyId: entry.renewedId, reason: entry.reason },
      'policy not renewed',
    );
  }

  async function queueSuccessMail(renewed: TPolicyRow): Promise<boolean> {
    if (!renewed.policyNumber) return false;
    const mail = applicantMail(
      'renewal-success',
      renewed.policyId,
      renewed.policyNumber,
      renewed.document as TPolicy,
    );
    return mail ? repository.queueMail(mail) : false;
  }

  async function processCandidate(
    candidate: TRenewalCandidate,
    today: TLocalDate,
    counts: TRenewalScanResult,
  ): Promise<void> {
    const { policy } = candidate;
    const document = policy.document as TPolicy;
    const end = policy.endDate ? parseIso(policy.endDate) : null;
    // The column says auto-renewal is on; the product rules must agree (annual, personal, ticked).
    if (!end || !policy.policyNumber || !isAutoRenewalOn(document) || !candidate.tokenPayment.paymentToken) {
      counts.ineligible += 1;
      return;
    }
    let noticeAt = policy.renewalNoticeAt;
    if (!noticeAt && isNoticeDue(today, end)) noticeAt = await sendNotice(candidate, document, end, counts);
    const zone = MARKETS[policy.country as TCountry].timeZone;
    const noticeSentOn = noticeAt ? todayIn(zone, noticeAt) : null;
    if (isChargeDue(today, end, noticeSentOn)) await chargeRenewal(candidate, document, end, counts);
  }

  /** After a crash: issued renewals without their mail get it, unanswered charges go to operations. */
  async function repair(counts: TRenewalScanResult): Promise<number> {
    let queued = 0;
    for (const renewed of await repository.listIssuedRenewalsWithoutMail())
      if (await queueSuccessMail(renewed)) queued += 1;
    const cutoff = new Date(deps.now().getTime() - UNANSWERED_AFTER_MS);
    for (const row of await repository.listUnansweredRenewals(cutoff)) {
      counts.unanswered += 1;
      await repository.addAlert({
        kind: 'renewal_unanswered',
        paymentId: row.paymentId,
        policyId: row.renewalOf ?? row.policyId,
        detail: { reason: 'the renewal charge has no recorded answer' },
      });
    }
    return queued;
  }

  return {
    /**
     * The daily scan for `today` (the market's calendar day), optionally for one market: every
     * auto-renewing policy whose cover ends within 30 days gets its notice and, from 15 days before the
     * end, its renewal. One policy's failure is logged and counted; the scan goes on.
     */
    async runRenewalScan(today: TLocalDate, country?: TCountry): Promise<TRenewalScanResult> {
      const counts: TRenewalScanResult = {
        scanned: 0,
        ineligible: 0,
        notices: 0,
        cardExpiring: 0,
        charged: 0,
        renewed: 0,
        declined: 0,
        review: 0,
        manual: 0,
        unanswered: 0,
        errors: 0,
      };
      const candidates = await repository.listCandidates(
        formatIso(today),
        formatIso(addDays(today, RENEWAL_NOTICE_DAYS)),
        country,
      );
      counts.scanned = candidates.length;
      for (const candidate of candidates) {
        try {
          await processCandidate(candidate, today, counts);
        } catch (error) {
          counts.errors += 1;
          deps.log.error({ policyId: candidate.policy.policyId, err: error }, 'renewal of a policy failed');
        }
      }
      const repaired = await repair(counts);
      if (counts.notices + counts.renewed + counts.declined + repaired > 0) onMailQueued();
      return counts;
    },

    /** The signed turn-off link of a policy (also in every renewal e-mail). */
    turnOffLink: (policyId: string, policyNumber: string) => signTurnOffLink(deps, policyId, policyNumber),

    /**
     * What the turn-off link is about, checked (signature, expiry, the policy and its number); with
     * `apply`, auto-renewal is turned off for the policy and the policy that renewed it (idempotent).
     */
    async turnOff(
      policyId: string,
      query: { s?: string | undefined; e?: string | undefined; sig?: string | undefined },
      apply: boolean,
    ): Promise<TTurnOffState> {
      const checked = verifyLink(
        { path: `${TURN_OFF_PATH}/${policyId}`, subject: query.s, e: query.e, sig: query.sig },
        await linkSecret(deps),
        deps.now(),
      );
      if (!checked.ok) return { kind: checked.reason === 'expired' ? 'expired' : 'invalid' };
      if (!UUID.test(policyId)) return { kind: 'invalid' };
      const policy = await repository.findPolicy(policyId);
      if (!policy?.policyNumber || policy.policyNumber !== query.s) return { kind: 'invalid' };
      const changed = apply ? (await repository.turnOffAutoRenewal(policyId)) > 0 : false;
      if (changed) deps.log.info({ policyId, policyNumber: policy.policyNumber }, 'auto-renewal turned off');
      const renewal = await repository.findRenewalOf(policyId);
      const document = policy.document as TPolicy;
      return {
        kind: 'ok',
        policyNumber: policy.policyNumber,
        country: policy.country as TCountry,
        language: document.lang === 'zh' ? 'zh' : 'en',
        productType: document.productType,
        endDate: isoToDmy(policy.endDate),
        autoRenewal: apply ? false : policy.autoRenewal,
        changed,
        renewedPolicyNumber: renewal?.status === 'issued' ? renewal.policyNumber : null,
      };
    },
  };
}

export type TRenewalService = ReturnType<typeof createRenewalService>;
