import { and, asc, desc, eq, ilike, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { TDb } from '../../../db/database.ts';
import { approvalRequests, claims, policies } from '../../../db/schema.ts';
import { NAME_FRAGMENT_MIN } from '../operations/operations-repository.ts';

export type TClaimsFilter = { status?: string; product?: string; market?: string; q?: string };

/** The holder's name, wherever the product keeps its applicant in the policy document. */
const holderName = sql<string | null>`coalesce(
  ${policies.document}#>>'{policyTravel,applicant,fullName}',
  ${policies.document}#>>'{policyPAN,applicant,fullName}',
  ${policies.document}#>>'{policyHome,applicant,fullName}')`;

/** A claim approval waiting for its second officer, as asked (decision 149). */
export type TClaimApprovalAsked = { amountApproved: number; note?: string | undefined };
const CLAIM_APPROVAL = 'claim-approval';
type TTx = Parameters<Parameters<TDb['transaction']>[0]>[0];

/** The claims queue's SQL (issue 18): submitted claims with their policy's number and holder. No rules here. */
export function createClaimsAdminRepository(db: TDb) {
  return {
    /**
     * Asks for a claim's approval to be confirmed by a second officer (decision 149), with its audit row
     * in the same transaction; false when one is already waiting (one at a time per claim).
     */
    async askApproval(
      claimId: string,
      asked: TClaimApprovalAsked,
      by: { id: string; label: string },
      at: Date,
      alongside: (tx: TTx) => Promise<void>,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [made] = await tx
          .insert(approvalRequests)
          .values({
            kind: CLAIM_APPROVAL,
            entityId: claimId,
            request: asked,
            requestedById: by.id,
            requestedBy: by.label,
            requestedAt: at,
          })
          .onConflictDoNothing()
          .returning({ id: approvalRequests.id });
        if (!made) return false;
        await alongside(tx);
        return true;
      });
    },

    /** The claim's approval waiting for a second officer, if any. */
    async waitingApproval(claimId: string) {
      const [row] = await db
        .select()
        .from(approvalRequests)
        .where(
          and(
            eq(approvalRequests.kind, CLAIM_APPROVAL),
            eq(approvalRequests.entityId, claimId),
            isNull(approvalRequests.outcome),
          ),
        );
      return row;
    },

    /**
     * Ends a waiting request in `tx` (the claim's move, when confirmed, is in the same transaction);
     * false when it was ended meanwhile.
     */
    async endApproval(
      tx: TTx | TDb,
      id: string,
      end: { outcome: string; by: { id: string; label: string }; at: Date; note: string | null },
    ): Promise<boolean> {
      const ended = await tx
        .update(approvalRequests)
        .set({
          outcome: end.outcome,
          decidedById: end.by.id,
          decidedBy: end.by.label,
          decidedAt: end.at,
          decisionNote: end.note,
        })
        .where(and(eq(approvalRequests.id, id), isNull(approvalRequests.outcome)))
        .returning({ id: approvalRequests.id });
      return ended.length === 1;
    },

    /** Every claim approval waiting for a second officer, oldest first, with what the list shows. */
    async waitingApprovals(limit = 200) {
      return db
        .select({
          claimId: claims.claimId,
          claimNumber: claims.claimNumber,
          country: claims.country,
          currency: claims.currency,
          amountCents: claims.amountCents,
          request: approvalRequests.request,
          requestedBy: approvalRequests.requestedBy,
          requestedAt: approvalRequests.requestedAt,
        })
        .from(approvalRequests)
        .innerJoin(claims, sql`${claims.claimId}::text = ${approvalRequests.entityId}`)
        .where(and(eq(approvalRequests.kind, CLAIM_APPROVAL), isNull(approvalRequests.outcome)))
        .orderBy(asc(approvalRequests.requestedAt))
        .limit(limit);
    },

    async list(filter: TClaimsFilter, limit = 200) {
      const where: SQL[] = [ne(claims.status, 'draft')];
      if (filter.status) where.push(eq(claims.status, filter.status));
      if (filter.product) where.push(eq(claims.productType, filter.product));
      if (filter.market) where.push(eq(claims.country, filter.market));
      if (filter.q) {
        // The claim's own number anywhere in it (claims are a tenth of the policies); the policy by
        // its number, exactly or by its beginning, or its holder by part of the name, through the
        // policy search's indexes (decision 141): never the policy documents read one by one.
        const escaped = filter.q.replace(/[\\%_]/g, (c) => `\\${c}`);
        const number = filter.q.toUpperCase();
        const name = filter.q.toLowerCase();
        const found = db
          .select({ policyId: policies.policyId })
          .from(policies)
          .where(
            or(
              eq(policies.policyNumber, number),
              sql`${policies.policyNumber} like ${`${escaped.toUpperCase()}%`}`,
              name.length >= NAME_FRAGMENT_MIN
                ? sql`${policies.holderName} like ${`%${escaped.toLowerCase()}%`}`
                : undefined,
            ),
          );
        where.push(or(ilike(claims.claimNumber, `%${escaped}%`), inArray(claims.policyId, found))!);
      }
      return db
        .select({
          claimId: claims.claimId,
          claimNumber: claims.claimNumber,
          status: claims.status,
          productType: claims.productType,
          country: claims.country,
          claimType: claims.claimType,
          amountCents: claims.amountCents,
          currency: claims.currency,
          payout: claims.payout,
          submittedAt: claims.submittedAt,
          updatedAt: claims.updatedAt,
          policyNumber: policies.policyNumber,
          holderName,
        })
        .from(claims)
        .innerJoin(policies, eq(policies.policyId, claims.policyId))
        .where(and(...where))
        .orderBy(desc(claims.submittedAt), desc(claims.claimId))
        .limit(limit);
    },

    /** The policy beside a claim: its status and holder's name. */
    async policySummary(policyId: string) {
      const [row] = await db
        .select({ status: policies.status, holderName })
        .from(policies)
        .where(eq(policies.policyId, policyId));
      return row;
    },
  };
}

export type TClaimsAdminRepository = ReturnType<typeof createClaimsAdminRepository>;
