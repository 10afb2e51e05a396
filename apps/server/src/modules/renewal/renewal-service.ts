import type { TLocalDate } from '@lionrock/domain/dates/local-date';
import type { TCountry } from '@lionrock/domain/market/market';
import type { FastifyBaseLogger } from 'fastify';
import type { TConfig } from '../../config.ts';
import type { TDb } from '../../db/database.ts';
import { createAgentRepository } from '../agent/agent-repository.ts';
import { createIssuanceRepository } from '../payment/issuance-repository.ts';
import { createIssuanceService, type TIssuanceService } from '../payment/issuance-service.ts';
import { createPaymentRepository, type TPaymentRepository } from '../payment/payment-repository.ts';
import { createRenewalCharge } from './renewal-charge.ts';
import type { TRenewalContext, TTokenCharger } from './renewal-context.ts';
import { createRenewalNotice } from './renewal-notice.ts';
import { createRenewalRepair } from './renewal-repair.ts';
import { createRenewalRepository, type TRenewalRepository } from './renewal-repository.ts';
import { createRenewalScan } from './renewal-scan.ts';
import { createTurnOff, signTurnOffLink } from './turn-off.ts';

export { createTokenCharger } from './renewal-charge.ts';
export type { TTokenCharger } from './renewal-context.ts';
export { renewalMailContent } from './renewal-mail-content.ts';

/**
 * Auto-renewal (pa-home-payments section 9; design section 6; decision 011): a daily scan, told what
 * day it is, sends the renewal notice 30 days before the end of cover, charges the stored token 15
 * days before it, issues the renewed policy, and mails the outcome. Safe with several instances: the
 * notice and the renewal are each claimed by one statement or locked transaction before anything is
 * sent or charged. Each use case has its file; this one builds their shared context and registers them.
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
      issuing: createIssuanceRepository(deps.db),
      agents: createAgentRepository(deps.db),
      now: deps.now,
      log: deps.log,
      onMailQueued,
    });
  const context: TRenewalContext = {
    db: deps.db,
    config: deps.config,
    repository,
    payments,
    issuance,
    charge: deps.charge,
    now: deps.now,
    log: deps.log,
  };
  const { chargeRenewal, queueSuccessMail } = createRenewalCharge(context);
  const repair = createRenewalRepair(context, queueSuccessMail);
  const steps = { sendNotice: createRenewalNotice(context), chargeRenewal, repair };
  const scan = createRenewalScan(context, steps, onMailQueued);

  /**
   * The scan for a business date staff chose (decision 129): the notice is sent and the charge made
   * at `at`, the instant that stands for the date; the repair of crashed charges keeps the real clock.
   */
  function scanAt(today: TLocalDate, country: TCountry | undefined, at: Date) {
    const dated: TRenewalContext = { ...context, now: () => at };
    const charge = createRenewalCharge(dated);
    const datedSteps = {
      sendNotice: createRenewalNotice(dated),
      chargeRenewal: charge.chargeRenewal,
      repair,
    };
    return createRenewalScan(dated, datedSteps, onMailQueued)(today, country);
  }

  return {
    /**
     * The daily scan for `today` (the market's calendar day), optionally for one market
     * (renewal-scan.ts); `at`, the instant a business date stands for when staff run it (decision 129).
     */
    runRenewalScan: (today: TLocalDate, country?: TCountry, options: { at?: Date } = {}) =>
      options.at ? scanAt(today, country, options.at) : scan(today, country),

    /** The signed turn-off link of a policy (also in every renewal e-mail). */
    turnOffLink: (policyId: string, policyNumber: string) => signTurnOffLink(deps, policyId, policyNumber),

    /**
     * What the turn-off link is about, checked (signature, expiry, the policy and its number); with
     * `apply`, auto-renewal is turned off for the policy and the policy that renewed it (idempotent).
     */
    turnOff: createTurnOff(context),
  };
}

export type TRenewalService = ReturnType<typeof createRenewalService>;
