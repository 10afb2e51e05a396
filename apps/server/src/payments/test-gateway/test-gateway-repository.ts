import { and, asc, eq, lt } from 'drizzle-orm';
import type { TDb } from '../../db/database.ts';
import {
  testGatewayAnswers,
  testGatewayRefunds,
  testGatewayTokens,
  testGatewayTransactions,
} from '../../db/schema.ts';

export type TTestGatewayAnswerRow = typeof testGatewayAnswers.$inferSelect;
export type TTestGatewayRefundRow = typeof testGatewayRefunds.$inferSelect;
export type TTestGatewayTokenRow = typeof testGatewayTokens.$inferSelect;

/** What the refund rules see of a captured transaction, read under its lock. */
export type TRefundState = {
  /** The merchant's answer for the transaction, if it has one. */
  captured: TTestGatewayAnswerRow | undefined;
  /** A refund the merchant made earlier with the same client reference (the idempotency key). */
  earlier: TTestGatewayRefundRow | undefined;
  /** The amounts refunded from the transaction so far, as the gateway writes them (`12.34`). */
  refundedAmounts: string[];
};

/**
 * The built-in test gateway's own records (decision 035; SQL only): the answers it signed, the
 * transaction uuids it saw (replay), the card tokens it issued and the refunds it made. The gateway's
 * rules are in test-gateway.ts, test-gateway-lookup.ts and test-gateway-refunds.ts.
 */
export function testGatewayRepository(db: TDb) {
  /** A merchant's own transaction: another merchant's is not found. */
  const ownAnswer = (merchantId: string, transactionId: string) =>
    and(eq(testGatewayAnswers.transactionId, transactionId), eq(testGatewayAnswers.profileId, merchantId));
  return {
    async recordAnswer(row: typeof testGatewayAnswers.$inferInsert): Promise<void> {
      await db.insert(testGatewayAnswers).values(row);
    },

    /**
     * Records a transaction uuid atomically: true when it is new or was last seen before `cutoff` (its
     * time is then renewed), false when seen since, also by a concurrent request.
     */
    async recordTransactionUuid(
      transactionUuid: string,
      accessKey: string,
      now: Date,
      cutoff: Date,
    ): Promise<boolean> {
      const rows = await db
        .insert(testGatewayTransactions)
        .values({ transactionUuid, accessKey, createdAt: now })
        .onConflictDoUpdate({
          target: testGatewayTransactions.transactionUuid,
          set: { accessKey, createdAt: now },
          setWhere: lt(testGatewayTransactions.createdAt, cutoff),
        })
        .returning({ transactionUuid: testGatewayTransactions.transactionUuid });
      return rows.length === 1;
    },

    async createToken(row: typeof testGatewayTokens.$inferInsert): Promise<void> {
      await db.insert(testGatewayTokens).values(row);
    },

    async findToken(token: string): Promise<TTestGatewayTokenRow | undefined> {
      const [row] = await db.select().from(testGatewayTokens).where(eq(testGatewayTokens.token, token));
      return row;
    },

    async findAnswer(merchantId: string, transactionId: string): Promise<TTestGatewayAnswerRow | undefined> {
      const [row] = await db.select().from(testGatewayAnswers).where(ownAnswer(merchantId, transactionId));
      return row;
    },

    /** A merchant's transactions of one reference, oldest first. */
    async answersByReference(merchantId: string, referenceNumber: string): Promise<TTestGatewayAnswerRow[]> {
      return db
        .select()
        .from(testGatewayAnswers)
        .where(
          and(
            eq(testGatewayAnswers.referenceNumber, referenceNumber),
            eq(testGatewayAnswers.profileId, merchantId),
          ),
        )
        .orderBy(asc(testGatewayAnswers.createdAt));
    },

    /**
     * One refund decision at a time per transaction: `decide` sees the transaction, the earlier refund
     * of the same key and the amounts refunded, all read under the transaction's row lock, and may
     * `insert` the refund it makes before the lock is let go.
     */
    async refundUnderLock<T>(
      merchantId: string,
      transactionId: string,
      clientReference: string,
      decide: (
        state: TRefundState,
        insert: (row: typeof testGatewayRefunds.$inferInsert) => Promise<TTestGatewayRefundRow>,
      ) => Promise<T>,
    ): Promise<T> {
      return db.transaction(async (tx) => {
        const [captured] = await tx
          .select()
          .from(testGatewayAnswers)
          .where(ownAnswer(merchantId, transactionId))
          .for('update');
        const [earlier] = await tx
          .select()
          .from(testGatewayRefunds)
          .where(
            and(
              eq(testGatewayRefunds.profileId, merchantId),
              eq(testGatewayRefunds.clientReference, clientReference),
            ),
          );
        const refunded = await tx
          .select({ amount: testGatewayRefunds.amount })
          .from(testGatewayRefunds)
          .where(eq(testGatewayRefunds.transactionId, transactionId));
        return decide(
          { captured, earlier, refundedAmounts: refunded.map((row) => row.amount) },
          async (row) => {
            const [inserted] = await tx.insert(testGatewayRefunds).values(row).returning();
            return inserted!;
          },
        );
      });
    },
  };
}

export type TTestGatewayStore = ReturnType<typeof testGatewayRepository>;
