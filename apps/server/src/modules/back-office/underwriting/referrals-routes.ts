import {
  REFERRAL_CLASSES,
  REFERRAL_MAX_LOADING_PERCENT,
  REFERRAL_STATUSES,
  referralReference,
} from '@lionrock/domain/back-office/referral-rules';
import { OCCUPATIONS, occupationClassOf, occupationLabel } from '@lionrock/domain/pa/occupation';
import type { TPolicy } from '@lionrock/domain/schemas/policy-schema';
import { maskEmail, maskMobile } from '@lionrock/domain/self-service/contact-rules';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TDb } from '../../../db/database.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { apiErrors } from '../../../lib/openapi.ts';
import type { TReferralRow, TReferralService } from '../../referral/referral-service.ts';
import { auditOf, recordAudit } from '../audit.ts';
import { STAFF_API_PREFIX, type TStaffAccess } from '../staff-access.ts';

const BASE = `${STAFF_API_PREFIX}/admin/underwriting/referrals`;
const ZReferralId = z.object({ referralId: z.uuid() });
/** Staff answers are read only by our own pages; their shape is the handler's. */
const ZAnswer = z.any();

export const ZReferralDecisionSchema = z.object({
  outcome: z.enum(['accepted', 'refused']),
  reason: z.string().max(500),
  occupationClass: z.enum(REFERRAL_CLASSES).optional(),
  loadingPercent: z.number().int().min(0).max(REFERRAL_MAX_LOADING_PERCENT).optional(),
});

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
 * The referrals queue (issue 18, decision 089): reading needs `underwriting.read` (underwriting,
 * read-only), deciding `underwriting.write`, revealing a field `underwriting.reveal`. A decision is audited,
 * mailed and (accepted) made a saved quote in one transaction by the referral service.
 */
export async function referralsRoutes(
  app: FastifyInstance,
  options: { access: TStaffAccess; db: TDb; referrals: TReferralService; now: () => Date },
): Promise<void> {
  const { access, db, referrals, now } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const read = access.requireAccount('underwriting.read');
  const actorOf = (request: { account?: { id: string; username: string } }) => ({
    id: request.account!.id,
    label: request.account!.username,
  });
  const found = async (referralId: string) => {
    const row = await referrals.findById(referralId);
    if (!row) throw new ApiError(404, 'No such referral.', { field: 'referralId' });
    return row;
  };

  routes.get(
    BASE,
    {
      preHandler: read,
      schema: {
        querystring: z.object({ status: z.enum(REFERRAL_STATUSES).optional() }),
        response: { 200: ZAnswer, ...apiErrors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { referrals: (await referrals.list(request.query.status)).map(summaryOf) };
    },
  );

  routes.get(
    `${BASE}/:referralId`,
    {
      preHandler: read,
      schema: { params: ZReferralId, response: { 200: ZAnswer, ...apiErrors(400, 401, 403, 404) } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const row = await found(request.params.referralId);
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
        audit: audit.map((entry) => ({
          at: entry.at.toISOString(),
          actor: entry.actor,
          action: entry.action,
          before: entry.before,
          after: entry.after,
          note: entry.note,
        })),
      };
    },
  );

  routes.post(
    `${BASE}/:referralId/reveal`,
    {
      preHandler: access.requireAccount('underwriting.reveal'),
      schema: {
        params: ZReferralId,
        body: z.object({ field: z.enum(['idNumber', 'email', 'mobile']) }),
        response: { 200: ZAnswer, ...apiErrors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const row = await found(request.params.referralId);
      const value = await referrals.revealOf(row, request.body.field);
      await recordAudit(db, {
        at: now(),
        actor: actorOf(request),
        action: 'reveal',
        entity: 'referral',
        entityId: row.id,
        before: null,
        after: null,
        note: request.body.field,
      });
      return { field: request.body.field, value };
    },
  );

  routes.post(
    `${BASE}/:referralId/decision`,
    {
      preHandler: access.requireAccount('underwriting.write'),
      schema: {
        params: ZReferralId,
        body: ZReferralDecisionSchema,
        response: { 200: ZAnswer, ...apiErrors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const decided = await referrals.decide(request.params.referralId, request.body, actorOf(request));
      return { referral: summaryOf(decided) };
    },
  );
}
