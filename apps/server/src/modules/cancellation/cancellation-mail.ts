import type { TPolicy } from '@lionrock/domain/schemas/policy-schema';
import type { TMailRow } from '../notifications/mail-outbox-repository.ts';
import type { TRefundRow } from '../payment/refund-service.ts';
import {
  composeCancellationMail,
  endorsementFileName,
  renderCancellationEndorsement,
  type TCancellationFacts,
} from './cancellation-documents.ts';
import type { TCancellationRepository } from './cancellation-repository.ts';

/** The outbox kind of the cancellation e-mail. */
export const CANCELLATION_MAIL_KIND = 'policy-cancelled';

export const isCancellationMailKind = (kind: string): boolean => kind === CANCELLATION_MAIL_KIND;

/** What the 'cancelled' policy event records: the facts the endorsement and the e-mail print. */
export type TCancelledEventDetail = Omit<TCancellationFacts, 'recordedAt' | 'policyNumber'> & {
  cancellation: true;
};

/** What the cancellation's mail reads: the policy's row and its 'cancelled' event. */
export type TCancellationFactsReader = Pick<TCancellationRepository, 'findPolicy' | 'lastCancelledEvent'> & {
  findRefund: (policyId: string) => Promise<Pick<TRefundRow, 'providerRequestId'> | undefined>;
};

/** The facts of a cancelled policy, read from its row and its 'cancelled' event; null when it is not cancelled. */
export async function cancellationFactsOf(
  repository: TCancellationFactsReader,
  policyId: string,
): Promise<{ policy: TPolicy; facts: TCancellationFacts } | null> {
  const row = await repository.findPolicy(policyId);
  if (!row?.policyNumber || row.status !== 'cancelled') return null;
  const event = await repository.lastCancelledEvent(policyId);
  if (!event) return null;
  const detail = event.detail as TCancelledEventDetail;
  const refund = detail.refundCents > 0 ? await repository.findRefund(policyId) : undefined;
  return {
    policy: row.document as TPolicy,
    facts: {
      policyNumber: row.policyNumber,
      periodStart: detail.periodStart,
      periodEnd: detail.periodEnd,
      cancelledOn: detail.cancelledOn,
      basis: detail.basis,
      paidCents: detail.paidCents,
      refundCents: detail.refundCents,
      method: detail.method,
      cardLast4: detail.cardLast4,
      refundReference: refund?.providerRequestId ?? null,
      recordedAt: event.createdAt,
    },
  };
}

/** The e-mail of an outbox row of kind 'policy-cancelled', with the endorsement attached. */
export async function cancellationMailContent(repository: TCancellationFactsReader, mail: TMailRow) {
  if (!mail.policyId) throw new Error(`mail ${mail.id}: it names no policy`);
  const found = await cancellationFactsOf(repository, mail.policyId);
  if (!found) throw new Error(`mail ${mail.id}: its policy is not cancelled`);
  const language = mail.language === 'zh' ? 'zh' : 'en';
  return {
    ...composeCancellationMail(found.policy, found.facts, language),
    attachments: [
      {
        filename: endorsementFileName(found.facts.policyNumber),
        content: await renderCancellationEndorsement(found.policy, found.facts, language),
        contentType: 'application/pdf',
      },
    ],
  };
}
