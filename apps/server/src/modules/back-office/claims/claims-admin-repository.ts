import { and, desc, eq, ilike, ne, or, type SQL, sql } from 'drizzle-orm';
import type { TDb } from '../../../db/database.ts';
import { claims, policies } from '../../../db/schema.ts';

export type TClaimsFilter = { status?: string; product?: string; market?: string; q?: string };

/** The holder's name, wherever the product keeps its applicant in the policy document. */
const holderName = sql<string | null>`coalesce(
  ${policies.document}#>>'{policyTravel,applicant,fullName}',
  ${policies.document}#>>'{policyPAN,applicant,fullName}',
  ${policies.document}#>>'{policyHome,applicant,fullName}')`;

/** The claims queue's SQL (issue 18): submitted claims with their policy's number and holder. No rules here. */
export function createClaimsAdminRepository(db: TDb) {
  return {
    async list(filter: TClaimsFilter, limit = 200) {
      const where: SQL[] = [ne(claims.status, 'draft')];
      if (filter.status) where.push(eq(claims.status, filter.status));
      if (filter.product) where.push(eq(claims.productType, filter.product));
      if (filter.market) where.push(eq(claims.country, filter.market));
      if (filter.q) {
        const pattern = `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        where.push(
          or(
            ilike(claims.claimNumber, pattern),
            ilike(policies.policyNumber, pattern),
            sql`${holderName} ilike ${pattern}`,
          )!,
        );
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
