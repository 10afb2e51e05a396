import { formatDmy, parseIso } from '@lionrock/domain/dates/local-date';
import { policyApplicant } from '@lionrock/domain/payments/payment-rules';
import type { TPolicy } from '@lionrock/domain/schemas/policy-schema';
import type { FastifyBaseLogger } from 'fastify';
import type { TConfig } from '../../config.ts';
import type { TDb } from '../../db/database.ts';
import type { TTokenChargeInput, TTokenChargeResult } from '../../payments/card-gateway/payment-provider.ts';
import type { TIssuanceService } from '../payment/issuance-service.ts';
import type { TPaymentRepository } from '../payment/payment-repository.ts';
import type { TRenewalMailKind } from './renewal-mail.ts';
import type { TRenewalMail, TRenewalRepository } from './renewal-repository.ts';

/** Charges a stored payment token (merchant-initiated, no cardholder present). */
export type TTokenCharger = (input: TTokenChargeInput) => Promise<TTokenChargeResult>;

/**
 * What the auto-renewal use cases share (decision 011): the notice (renewal-notice.ts), the charge
 * (renewal-charge.ts), the repair after a crash (renewal-repair.ts), the daily scan that runs them
 * (renewal-scan.ts), the turn-off link (turn-off.ts) and the e-mails' content (renewal-mail-content.ts).
 * renewal-service.ts builds the context once and hands it to each.
 */
export type TRenewalContext = {
  db: TDb;
  config: TConfig;
  repository: TRenewalRepository;
  payments: TPaymentRepository;
  issuance: TIssuanceService;
  charge: TTokenCharger;
  now: () => Date;
  log: FastifyBaseLogger;
};

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

/** The applicant's copy of a renewal e-mail; null when the policy has no e-mail address. */
export function applicantMail(
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

/** `2027-11-23` → "23/11/2027"; '' when there is no date. */
export const isoToDmy = (iso: string | null): string => {
  const date = iso ? parseIso(iso) : null;
  return date ? formatDmy(date) : '';
};
