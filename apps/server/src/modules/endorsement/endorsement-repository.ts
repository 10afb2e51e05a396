import type { TPriceInForce } from '@lionrock/domain/home/address-endorsement';
import type { TPolicy } from '@lionrock/domain/schemas/policy-schema';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TDb } from '../../db/database.ts';
import {
  endorsementPayments,
  mailOutbox,
  operationsAlerts,
  policies,
  policyEndorsements,
  policyEvents,
  refunds,
} from '../../db/schema.ts';
import type { TNewRefund } from '../payment/refund-service.ts';
import type { TTransaction } from '../policyholder/step-up-repository.ts';

/** The endorsement's mail, queued with it; its message id is built from the event (`endorsementMailId`). */
export type TEndorsementMail = {
  kind: string;
  recipientRole: string;
  recipient: string;
  language: string;
};

/** The premium ledger's row of an endorsement (decision 142), less what the transaction adds. */
export type TLedgerEntry = Omit<typeof policyEndorsements.$inferInsert, 'policyId' | 'eventId' | 'createdAt'>;

export type TCollectionRow = typeof endorsementPayments.$inferSelect;

/** What an endorsement writes besides the policy's row: its ledger row, refund, case, event and mail. */
export type TEndorsementWrite = {
  apply: (before: TPolicy) => TPolicy;
  price: TPriceInForce;
  ledger: TLedgerEntry;
  /** The refund a lower premium owes (state requested for a card, manual for PayNow), or null. */
  refund: TNewRefund | null;
  /** The operations case of a refund operations pay (PayNow), or null. */
  alert: {
    kind: 'paynow_refund';
    paymentId: string;
    refundId: string;
    detail: Record<string, unknown>;
  } | null;
  detail: Record<string, unknown>;
  mail: TEndorsementMail;
  messageIdOf: (eventId: number) => string;
};

/** The gateway's verified answer as a collection records it: signed values, the card masked by the gateway. */
export type TCollectionAnswer = Pick<
  TCollectionRow,
  'gatewayTransactionId' | 'decision' | 'reasonCode' | 'authorisedCents' | 'maskedCard' | 'cardType'
> & { answeredAt: Date };

/** The policy's row under its lock, as an endorsement checks it. */
type TLockedPolicy = { status: string; document: unknown; updatedAt: Date };

async function lockPolicy(tx: TTransaction, policyId: string): Promise<TLockedPolicy | undefined> {
  const [row] = await tx
    .select({ status: policies.status, document: policies.document, updatedAt: policies.updatedAt })
    .from(policies)
    .where(eq(policies.policyId, policyId))
    .for('update');
  return row;
}

/** Still as the customer saw it: issued, and not written since. */
const unchangedSince = (row: TLockedPolicy | undefined, seen: Date): row is TLockedPolicy =>
  row?.status === 'issued' && row.updatedAt.getTime() === seen.getTime();

/** The endorsement's writes, under the policy's lock: document and price, event, ledger, refund, case, mail. */
async function writeEndorsement(
  tx: TTransaction,
  policyId: string,
  row: TLockedPolicy,
  input: TEndorsementWrite,
): Promise<number> {
  const document = input.apply(row.document as TPolicy);
  await tx
    .update(policies)
    .set({ document, ...input.price, updatedAt: sql`now()` })
    .where(eq(policies.policyId, policyId));
  const [event] = await tx
    .insert(policyEvents)
    .values({ policyId, fromStatus: row.status, toStatus: row.status, detail: input.detail })
    .returning({ id: policyEvents.id });
  await tx.insert(policyEndorsements).values({ ...input.ledger, policyId, eventId: event!.id });
  if (input.refund) await tx.insert(refunds).values(input.refund);
  if (input.alert)
    await tx
      .insert(operationsAlerts)
      .values({ ...input.alert, policyId })
      .onConflictDoNothing();
  await tx
    .insert(mailOutbox)
    .values({ ...input.mail, policyId, messageId: input.messageIdOf(event!.id) })
    .onConflictDoNothing();
  return event!.id;
}

/**
 * The endorsements' SQL (decisions 138, 142 and 144): the policy's document and price in force
 * rewritten under a lock on its row, with its event, its premium ledger row, the refund it owes and its
 * operations case, the step-up code spent and the new schedule's mail queued, all in one transaction;
 * a rise's card payment opened with the code spent, and recorded paid in the transaction that endorses.
 */
export function createEndorsementRepository(db: TDb) {
  return {
    /**
     * Endorses the policy if it is still as the customer saw it (`expectedUpdatedAt`, its status issued):
     * answers the event's id, `'changed'` when the policy changed meanwhile, `'code-spent'` when the
     * step-up code was spent meanwhile (nothing written either way).
     */
    async endorse(
      input: TEndorsementWrite & {
        policyId: string;
        expectedUpdatedAt: Date;
        spendCode: (tx: TTransaction) => Promise<boolean>;
      },
    ): Promise<number | 'changed' | 'code-spent'> {
      return db.transaction(async (tx) => {
        const row = await lockPolicy(tx, input.policyId);
        if (!unchangedSince(row, input.expectedUpdatedAt)) return 'changed';
        // The code is spent before anything is written: of two posts at once, one endorses.
        if (!(await input.spendCode(tx))) return 'code-spent' as const;
        return writeEndorsement(tx, input.policyId, row, input);
      });
    },

    /** The policy's row as it is now. */
    policyOf: async (policyId: string): Promise<typeof policies.$inferSelect | undefined> =>
      (await db.select().from(policies).where(eq(policies.policyId, policyId)))[0],

    /** A rise's card payment opened, with the step-up code spent in its transaction; false if it was spent. */
    async openCollection(
      entry: typeof endorsementPayments.$inferInsert,
      spendCode: (tx: TTransaction) => Promise<boolean>,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        if (!(await spendCode(tx))) return false;
        await tx.insert(endorsementPayments).values(entry);
        return true;
      });
    },

    findCollection: async (referenceNumber: string): Promise<TCollectionRow | undefined> =>
      (
        await db
          .select()
          .from(endorsementPayments)
          .where(eq(endorsementPayments.referenceNumber, referenceNumber))
      )[0],

    /** A refusal recorded on an open collection; null when it was answered already. */
    recordRefusal: async (
      referenceNumber: string,
      answer: TCollectionAnswer,
    ): Promise<TCollectionRow | null> =>
      (
        await db
          .update(endorsementPayments)
          .set({ ...answer, status: 'declined' })
          .where(
            and(
              eq(endorsementPayments.referenceNumber, referenceNumber),
              eq(endorsementPayments.status, 'open'),
            ),
          )
          .returning()
      )[0] ?? null,

    /**
     * The money taken (a verified, confirmed answer): recorded paid once, even after a refusal or its
     * window; in the same transaction the endorsement is written if the policy is still as the customer
     * saw it, else the payment is `unapplied` and its whole refund is written (`refund`). Null when this
     * collection was paid already.
     */
    async collect(
      referenceNumber: string,
      answer: TCollectionAnswer,
      endorsement: (collection: TCollectionRow) => TEndorsementWrite,
      refund: (collection: TCollectionRow) => TNewRefund,
    ): Promise<{ kind: 'endorsed'; eventId: number } | { kind: 'unapplied'; refundId: string } | null> {
      return db.transaction(async (tx) => {
        const [paid] = await tx
          .update(endorsementPayments)
          .set({ ...answer, status: 'paid' })
          .where(
            and(
              eq(endorsementPayments.referenceNumber, referenceNumber),
              inArray(endorsementPayments.status, ['open', 'declined', 'expired']),
            ),
          )
          .returning();
        if (!paid) return null;
        const row = await lockPolicy(tx, paid.policyId);
        if (unchangedSince(row, paid.policyUpdatedAt))
          return {
            kind: 'endorsed',
            eventId: await writeEndorsement(tx, paid.policyId, row, endorsement(paid)),
          };
        const owed = refund(paid);
        await tx
          .update(endorsementPayments)
          .set({ status: 'unapplied' })
          .where(eq(endorsementPayments.referenceNumber, referenceNumber));
        await tx.insert(refunds).values(owed);
        return { kind: 'unapplied', refundId: owed.refundId! };
      });
    },

    /** Open payments past their window, oldest first: the reconciliation job asks the gateway about each. */
    listOverdueCollections: async (now: Date): Promise<TCollectionRow[]> =>
      db
        .select()
        .from(endorsementPayments)
        .where(and(eq(endorsementPayments.status, 'open'), sql`${endorsementPayments.expiresAt} < ${now}`))
        .orderBy(endorsementPayments.expiresAt)
        .limit(100),

    /**
     * The gateway was asked about an open payment: with nothing approved it expires (an approval that
     * still arrives is recorded, as `collect` takes an expired payment); else it stays open.
     */
    markLookedUp: async (referenceNumber: string, at: Date, expire: boolean): Promise<void> => {
      await db
        .update(endorsementPayments)
        .set({ lookedUpAt: at, ...(expire ? { status: 'expired' } : {}) })
        .where(
          and(
            eq(endorsementPayments.referenceNumber, referenceNumber),
            eq(endorsementPayments.status, 'open'),
          ),
        );
    },

    /** A forged or altered answer naming a collection, or money the shop cannot use: a case for operations. */
    addCase: async (
      kind: 'forged_answer' | 'refund',
      policyId: string,
      detail: Record<string, unknown>,
    ): Promise<void> => {
      await db
        .insert(operationsAlerts)
        .values({ kind, policyId, detail: { ...detail, about: 'endorsement payment' } })
        .onConflictDoNothing();
    },

    /** What the policy's endorsements collected less what they returned, in cents (the ledger's sum). */
    async endorsedCents(policyId: string): Promise<number> {
      const [row] = await db
        .select({ cents: sql<string | null>`sum(${policyEndorsements.differenceCents})` })
        .from(policyEndorsements)
        .where(eq(policyEndorsements.policyId, policyId));
      return Number(row?.cents ?? 0);
    },
  };
}

export type TEndorsementRepository = ReturnType<typeof createEndorsementRepository>;
