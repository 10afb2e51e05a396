import { referralReference } from '@lionrock/domain/back-office/referral-rules';
import { OCCUPATIONS, occupationClassOf, occupationLabel } from '@lionrock/domain/pa/occupation';
import type { TPolicy } from '@lionrock/domain/schemas/policy-schema';
import { maskEmail, maskMobile } from '@lionrock/domain/self-service/contact-rules';
import type { TDb } from '../../../db/database.ts';
import { ApiError } from '../../../lib/api-error.ts';
import type { TReferralRow, TReferralService } from '../../referral/referral-service.ts';
import { auditEntryView, auditOf, recordAudit, type TActor } from '../audit.ts';

/** A referral as the queue lists it: contact masked, the ID number only as its masked form. */
function summaryOf(row: TReferralRow) {
  return {
    referralId: row.id,
    reference: referralReference(row.id),
    createdAt: row.createdAt.toISOString(),
    productType: row.productType,
    country: row.country,
    reason: row.reason,
    status: row.status,
    fullName: row.fullName,
    idType: row.idType,
    idNumber: row.idMasked,
    email: maskEmail(row.email),
    mobile: maskMobile(row.mobileNoCountryCode, row.mobileNo),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    validUntil: row.validUntil?.toISOString() ?? null,
  };
}

/** What was referred, in the underwriter's words: who is covered, each adult's occupation and class, the answers. */
function quoteOf(policy: TPolicy) {
  const pa = policy.policyPAN;
  const family = pa?.insuredPersonType === 'family';
  const adults = [pa?.insured.adult1, pa?.insured.adult2].slice(
    0,
    family ? (pa?.family.numberOfAdults ?? 1) : 1,
  );
  return {
    insuredPersonType: pa?.insuredPersonType ?? 'individual',
    children: family ? (pa?.family.noOfChildren ?? 0) : 0,
    adults: adults.map((adult) => {
      const found = OCCUPATIONS.find((occupation) => occupation.code === adult?.occupation);
      return {
        occupation: adult?.occupation ?? '',
        label: found ? occupationLabel(found, 'en') : '',
        occupationClass: occupationClassOf(adult?.occupation ?? ''),
      };
    }),
    effectiveDate: pa?.effectiveDate ?? '',
    residency: pa?.residency ?? null,
    largestClaimInThreeYears: pa?.largestClaimInThreeYears ?? null,
    agentCode: policy.agentCode || null,
  };
}

/**
 * The referrals queue's use cases (issue 18, decision 089): the list with contact masked, a referral
 * with what was referred and its audit trail, a field revealed (audited, on the app's clock), and the
 * decision, which the referral service audits, mails and (accepted) makes a saved quote in one
 * transaction.
 */
export function createReferralsAdminService(deps: { db: TDb; referrals: TReferralService; now: () => Date }) {
  const { db, referrals, now } = deps;
  const found = async (referralId: string) => {
    const row = await referrals.findById(referralId);
    if (!row) throw new ApiError(404, 'No such referral.', { field: 'referralId' });
    return row;
  };
  return {
    async list(status: Parameters<TReferralService['list']>[0]) {
      return { referrals: (await referrals.list(status)).map(summaryOf) };
    },

    async detail(referralId: string) {
      const row = await found(referralId);
      const audit = await auditOf(db, 'referral', row.id);
      return {
        referral: {
          ...summaryOf(row),
          language: row.language,
          consentAt: row.consentAt.toISOString(),
          decidedBy: row.decidedBy,
          decisionReason: row.decisionReason,
          acceptedClass: row.acceptedClass,
          loadingPercent: row.loadingBasisPoints === null ? null : row.loadingBasisPoints / 100,
        },
        quote: quoteOf(row.document as TPolicy),
        document: row.document,
        audit: audit.map(auditEntryView),
      };
    },

    async reveal(referralId: string, field: Parameters<TReferralService['revealOf']>[1], actor: TActor) {
      const row = await found(referralId);
      const value = await referrals.revealOf(row, field);
      await recordAudit(db, {
        at: now(),
        actor,
        action: 'reveal',
        entity: 'referral',
        entityId: row.id,
        before: null,
        after: null,
        note: field,
      });
      return { field, value };
    },

    async decide(
      referralId: string,
      decision: Parameters<TReferralService['decide']>[1],
      actor: Parameters<TReferralService['decide']>[2],
    ) {
      return { referral: summaryOf(await referrals.decide(referralId, decision, actor)) };
    },
  };
}

export type TReferralsAdminService = ReturnType<typeof createReferralsAdminService>;
