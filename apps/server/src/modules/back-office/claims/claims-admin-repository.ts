import { and, desc, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { TDb } from '../../../db/database.ts';
import { claims, policies } from '../../../db/schema.ts';
import { NAME_FRAGMENT_MIN } from '../operations/operations-repository.ts';

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
