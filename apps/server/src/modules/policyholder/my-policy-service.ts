import { randomUUID } from 'node:crypto';
import { compareDates, parseIso, todayIn } from '@lionrock/domain/dates/local-date';
import { isAutoRenewalEligible } from '@lionrock/domain/display/price-display';
import { MARKETS, type TCountry } from '@lionrock/domain/market/market';
import { policyApplicant } from '@lionrock/domain/payments/payment-rules';
import { renewalChargeDate } from '@lionrock/domain/payments/renewal-rules';
import { chosenPremium, maskIdNumber, periodOfInsurance } from '@lionrock/domain/policy/policy-facts';
import type { TPolicy } from '@lionrock/domain/schemas/policy-schema';
import { POLICY_MAIL_RESENDS_PER_HOUR } from '@lionrock/domain/self-service/access-rules';
import type { FastifyBaseLogger } from 'fastify';
import { ApiError } from '../../lib/api-error.ts';
import { planNameIn } from '../document/policy-schedule.ts';
import type { TPolicyDocumentsService } from '../issuance/policy-documents-service.ts';
import type { TPolicyRow } from '../policy/policy-repository.ts';
import { PRODUCT_CATALOGUE } from '../product/product-catalogue.ts';
import type { TRenewalRepository } from '../renewal/renewal-repository.ts';
import type { TAccessRepository } from './access-repository.ts';
import type { TMyPolicyRepository } from './my-policy-repository.ts';

/** Why auto-renewal cannot be turned on (the page says it in words): null when it can. */
export type TAutoRenewalBlock =
  | 'not-eligible'
  | 'no-card'
  | 'charge-window'
  | 'already-renewed'
  | 'not-in-force'
  | null;

const RENEWAL_MAIL_KINDS = ['renewal-notice', 'card-expiring', 'renewal-success', 'renewal-failed'];

type TPerson = {
  name: string;
  role: 'adult' | 'child' | 'student' | 'spouse' | 'policyholder';
  idNumber: string;
};

function insuredPersons(policy: TPolicy): TPerson[] {
  if (policy.productType === 'PTR')
    return (policy.policyTravel?.travellersList ?? []).map((traveller) => ({
      name: traveller.fullName,
      role:
        traveller.type === 'CHILD' ? (traveller.fullTimeStudent === 'YES' ? 'student' : 'child') : 'adult',
      idNumber: maskIdNumber(traveller.hkId),
    }));
  if (policy.productType === 'PAN') {
    const pa = policy.policyPAN!;
    const family = pa.insuredPersonType === 'family';
    const people: TPerson[] = [];
    const adult1 = pa.insured.adult1;
    if (adult1) people.push({ name: adult1.lastName, role: 'adult', idNumber: maskIdNumber(adult1.hkId) });
    if (family && pa.family.numberOfAdults > 1 && pa.insured.adult2)
      people.push({
        name: pa.insured.adult2.lastName,
        role: 'spouse',
        idNumber: maskIdNumber(pa.insured.adult2.hkId),
      });
    if (family)
      for (const child of pa.insured.children)
        people.push({ name: child.lastName, role: 'child', idNumber: maskIdNumber(child.hkId) });
    return people;
  }
  const applicant = policy.policyHome?.applicant;
  return [
    {
      name: applicant?.fullName ?? '',
      role: 'policyholder',
      idNumber: applicant?.clientType === 'C' ? (applicant.uen ?? '') : maskIdNumber(applicant?.hkId ?? ''),
    },
  ];
}

/**
 * What a signed-in policyholder sees and does with one of their policies (design section 12): the
 * details, the schedule, the policy e-mail again, and auto-renewal off or on. The caller has reached
 * the row through `policyOfHolder`, so it is theirs.
 */
export function createMyPolicyService(deps: {
  repository: TMyPolicyRepository;
  access: TAccessRepository;
  renewals: TRenewalRepository;
  documents: TPolicyDocumentsService;
  now: () => Date;
  log: FastifyBaseLogger;
  onMailQueued: () => void;
}) {
  const { now } = deps;

  const cardPayment = (policyId: string) => deps.repository.lastPaidPayment(policyId);

  /** Why auto-renewal cannot be on for the policy today, or null. */
  async function autoRenewalBlock(row: TPolicyRow): Promise<TAutoRenewalBlock> {
    const policy = row.document as TPolicy;
    const applicant = policyApplicant(policy);
    const tripType = policy.productType === 'PTR' ? (policy.policyTravel?.paPolicyType ?? 'S') : 'A';
    if (!applicant || !isAutoRenewalEligible(tripType, applicant.clientType)) return 'not-eligible';
    if (row.status !== 'issued' || !row.endDate) return 'not-in-force';
    const payment = await cardPayment(row.policyId);
    if (!payment?.paymentToken) return 'no-card';
    if (await deps.renewals.findRenewalOf(row.policyId)) return 'already-renewed';
    const today = todayIn(MARKETS[row.country as TCountry].timeZone, now());
    const end = parseIso(row.endDate)!;
    if (compareDates(today, end) > 0) return 'not-in-force';
    // From the charge day on, the renewal is being charged: it is too late to turn it on (section 9).
    if (compareDates(today, renewalChargeDate(end)) >= 0) return 'charge-window';
    return null;
  }

  async function details(row: TPolicyRow) {
    const policy = row.document as TPolicy;
    const plan = chosenPremium(policy);
    const period = periodOfInsurance(policy);
    const payment = await cardPayment(row.policyId);
    const renewal = await deps.renewals.findRenewalOf(row.policyId);
    const mails = await deps.repository.mailsOf(row.policyId, RENEWAL_MAIL_KINDS);
    const country = row.country as TCountry;
    const block = await autoRenewalBlock(row);
    const refunds = await deps.repository.refundsOf(row.policyId);
    // A renewal charged and issued: the old policy says so and links the new one (decision 129).
    const renewedPeriod = renewal ? periodOfInsurance(renewal.document as TPolicy) : null;
    const renewed =
      renewal?.status === 'issued' && renewal.policyNumber && renewedPeriod
        ? {
            policyId: renewal.policyId,
            policyNumber: renewal.policyNumber,
            chargedCents: (await cardPayment(renewal.policyId))?.amountCents ?? renewal.totalCents ?? 0,
            startDate: renewedPeriod.start,
            endDate: renewedPeriod.end,
          }
        : null;
    return {
      policyId: row.policyId,
      policyNumber: row.policyNumber!,
      productType: row.productType,
      country,
      status: row.status,
      startDate: period.start,
      endDate: period.end,
      planCode: plan.planCode,
      planName: {
        en: planNameIn('en', plan, country),
        zh: planNameIn(country === 'HKG' ? 'zh-Hant' : 'zh-Hans', plan, country),
      },
      insuredPersons: insuredPersons(policy),
      currency: row.currency,
      premiumCents: row.premiumCents ?? 0,
      taxCents: row.taxCents ?? 0,
      totalCents: row.totalCents ?? 0,
      payment: payment
        ? {
            method: payment.method,
            // The gateway's masked number: only the last four digits are kept visible.
            card: payment.maskedCard ? `•••• ${payment.maskedCard.replace(/\D/g, '').slice(-4)}` : null,
          }
        : null,
      // Every refund of the policy, each with the reference its mail gives (an endorsement's, a cancellation's).
      refunds: refunds.map((refund) => ({
        reference: refund.providerRequestId,
        amountCents: refund.amountCents,
        state: refund.state,
        method: refund.method,
        basis: refund.basis,
      })),
      autoRenewal: {
        on: row.autoRenewal,
        canTurnOn: !row.autoRenewal && block === null,
        blockedBecause: row.autoRenewal ? null : block,
      },
      renewal: {
        mails: mails.map((mail) => ({ kind: mail.kind, status: mail.status, at: mail.at.toISOString() })),
        renewedPolicyNumber: renewal?.status === 'issued' ? renewal.policyNumber : null,
        renewed,
      },
      wordingUrl: `/b2c-server/rest/document/get/${PRODUCT_CATALOGUE[policy.productType].documentKey}-policyWording?country=${country}`,
    };
  }

  async function schedule(row: TPolicyRow) {
    const file = await deps.documents.scheduleOf(row.policyId);
    if (!file) throw new ApiError(404, 'This policy has no schedule to download.', { field: 'policyId' });
    return file;
  }

  /** The policy e-mail again, to the address on the policy; at most POLICY_MAIL_RESENDS_PER_HOUR an hour. */
  async function resend(row: TPolicyRow): Promise<void> {
    const policy = row.document as TPolicy;
    const email = policyApplicant(policy)?.email?.trim() || policy.payment?.email?.trim();
    if (row.status !== 'issued' || !email)
      throw new ApiError(409, 'This policy cannot be e-mailed again.', { field: 'policyId' });
    const since = new Date(now().getTime() - 3_600_000);
    if ((await deps.access.countResends(row.policyId, since)) >= POLICY_MAIL_RESENDS_PER_HOUR)
      throw new ApiError(429, 'The policy was e-mailed again a few times already. Please try later.', {
        field: 'resend',
        retryAfterMs: 3_600_000,
      });
    await deps.access.queueResend(
      row.policyId,
      `${row.policyNumber}.policy-issued.resend.${randomUUID()}`,
      email,
      policy.lang === 'zh' ? 'zh' : 'en',
      now(),
    );
    deps.onMailQueued();
  }

  /** Auto-renewal off (always allowed) or on (when the policy may renew); answers the new details. */
  async function setAutoRenewal(row: TPolicyRow, on: boolean) {
    if (!on) {
      await deps.renewals.turnOffAutoRenewal(row.policyId);
      deps.log.info({ policyId: row.policyId }, 'auto-renewal turned off by the policyholder');
    } else if (!row.autoRenewal) {
      const block = await autoRenewalBlock(row);
      if (block)
        throw new ApiError(409, 'Auto-renewal cannot be turned on for this policy.', {
          field: 'autoRenewal',
          messageKey: `myPolicy.autoRenewal.blocked.${block}`,
        });
      // The renewal scan reads the box on the document as well as the column: both say on.
      const document = structuredClone(row.document) as TPolicy;
      const applicant = policyApplicant(document);
      if (applicant) applicant.hasAutoRenewal = true;
      // Only a policy still in force, and only the document as read.
      if (!(await deps.repository.turnOnAutoRenewal(row.policyId, row.document, document)))
        throw new ApiError(409, 'The policy changed meanwhile: please look at it again.', {
          field: 'autoRenewal',
        });
      deps.log.info({ policyId: row.policyId }, 'auto-renewal turned on by the policyholder');
    }
  }

  return { details, schedule, resend, setAutoRenewal };
}

export type TMyPolicyService = ReturnType<typeof createMyPolicyService>;
