import { formatDmy, parseIso } from '@lionrock/domain/dates/local-date';
import { cardLast4 } from '@lionrock/domain/payments/payment-rules';
import { formatCardExpiry, renewalChargeDate, renewalPeriod } from '@lionrock/domain/payments/renewal-rules';
import type { TPolicy } from '@lionrock/domain/schemas/policy-schema';
import type { TMailRow } from '../notifications/mail-outbox-repository.ts';
import type { TManageUrl } from '../notifications/mail-senders.ts';
import type { TPaymentRow } from '../payment/payment-repository.ts';
import { isoToDmy } from './renewal-context.ts';
import {
  composeRenewalMail,
  isRenewalMailKind,
  type TRenewalMail as TRenewalMailContent,
  type TRenewalMailFacts,
  type TRenewalMailKind,
} from './renewal-mail.ts';
import { createRenewalRepository } from './renewal-repository.ts';
import { signTurnOffLink, type TLinkDeps } from './turn-off.ts';

/**
 * The content of a renewal e-mail in the outbox, worked out from the policies and payments it is
 * about when it is sent. The policy-mail delivery calls this for the four renewal kinds.
 */
export async function renewalMailContent(
  deps: TLinkDeps & { manageUrl: TManageUrl },
  mail: TMailRow,
): Promise<TRenewalMailContent> {
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
      cardLast4: cardLast4(payment?.maskedCard),
      cardExpiry: formatCardExpiry(payment?.cardExpiry),
    };
    const manageUrl = await deps.manageUrl(policy, mail.recipient, mail.language);
    return composeRenewalMail(kind, policy.document as TPolicy, {
      language,
      facts,
      turnOffUrl: await signTurnOffLink(deps, policy.policyId, policy.policyNumber),
      ...(manageUrl ? { manageUrl } : {}),
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
    cardLast4: cardLast4(card?.maskedCard),
    cardExpiry: formatCardExpiry(card?.cardExpiry),
  };
  // Only a mail to the policy's own address carries a link that opens it (decision 101).
  const manageUrl = await deps.manageUrl(policy, mail.recipient, mail.language);
  return composeRenewalMail(kind, policy.document as TPolicy, {
    language,
    facts,
    turnOffUrl: await signTurnOffLink(deps, policy.policyId, policy.policyNumber),
    ...(manageUrl ? { manageUrl } : {}),
  });
}
