import { eq, sql } from 'drizzle-orm';
import type { TDb } from '../../db/database.ts';
import { mailOutbox } from '../../db/schema.ts';
import { describeError } from '../../lib/redaction.ts';

export type TMailRow = typeof mailOutbox.$inferSelect;

/**
 * The next mail to send: the oldest waiting one that is due, skipping rows another instance holds. Its
 * plan walks `mail_outbox_waiting_idx`, which holds only waiting mail (decision 139): before it, the
 * primary key was walked past every mail ever sent (226 ms a claim with a million sent).
 */
export const NEXT_DUE_MAIL =
  "select id from mail_outbox where status in ('queued', 'sending') and next_attempt_at <= now() order by id limit 1 for update skip locked";

/** The mail outbox: issuing and renewal queue messages in their own transactions; this delivers them. */
export function createMailOutboxRepository(db: TDb) {
  return {
    /**
     * Claims due mail one message at a time — a single statement that skips rows another instance
     * holds and leases the row for 10 minutes — and sends it outside any transaction. A crash while
     * sending leaves the lease to run out, and the message is sent again (the outbox file or the
     * Message-ID makes the repeat recognisable). `lanes` messages are claimed and sent at once (each
     * lane claims its own row), so the document threads that render and send them are kept busy.
     */
    async deliverDueMail(
      limit: number,
      lanes: number,
      send: (mail: TMailRow) => Promise<void>,
    ): Promise<{ sent: number; failed: number }> {
      let sent = 0;
      let failed = 0;
      let claimed = 0;
      let empty = false;
      const lane = async () => {
        while (!empty && claimed < limit) {
          claimed += 1;
          const outcome = await deliverOne(send);
          if (outcome === 'none') {
            empty = true;
            claimed -= 1;
          } else if (outcome === 'sent') sent += 1;
          else failed += 1;
        }
      };
      await Promise.all(Array.from({ length: Math.max(1, Math.min(lanes, limit)) }, lane));
      return { sent, failed };
    },
  };

  async function deliverOne(send: (mail: TMailRow) => Promise<void>): Promise<'none' | 'sent' | 'failed'> {
    const [mail] = await db
      .update(mailOutbox)
      .set({ status: 'sending', nextAttemptAt: sql`now() + interval '10 minutes'` })
      .where(eq(mailOutbox.id, sql`(${sql.raw(NEXT_DUE_MAIL)})`))
      .returning();
    if (!mail) return 'none';
    try {
      await send(mail);
      await db
        .update(mailOutbox)
        .set({
          status: 'sent',
          sentAt: sql`now()`,
          attempts: mail.attempts + 1,
          lastError: null,
          // A sealed secret (a one-time code) is kept no longer than it takes to send it.
          sealed: null,
        })
        .where(eq(mailOutbox.id, mail.id));
      return 'sent';
    } catch (error) {
      // Retried with a growing pause (1, 2, 4 … up to 60 minutes); never dropped.
      const minutes = Math.min(60, 2 ** mail.attempts);
      await db
        .update(mailOutbox)
        .set({
          status: 'queued',
          attempts: mail.attempts + 1,
          // A mail server quotes the address it refused: kept as the error's code and message only.
          lastError: describeError(error).message,
          nextAttemptAt: sql`now() + make_interval(mins => ${minutes})`,
        })
        .where(eq(mailOutbox.id, mail.id));
      return 'failed';
    }
  }
}

export type TMailOutboxRepository = ReturnType<typeof createMailOutboxRepository>;
