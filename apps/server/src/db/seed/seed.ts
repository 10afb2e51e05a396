import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import type { TDb } from '../database.ts';
import {
  agentCampaigns,
  agents,
  banners,
  campaigns,
  maintenanceNotices,
  promoCodes,
  seedRuns,
  staffCodes,
  subAgents,
  systemFlags,
  underwritingBlacklist,
} from '../schema.ts';
import { loadRateTables } from './rate-tables.ts';

/**
 * Demo data for a fresh shop (agents, campaigns, banners, flags, a maintenance notice switched off),
 * from the JSON files beside this one. Each file is applied once per content: rows that exist are
 * left alone, so what operations change later is never overwritten by a restart.
 */
type TTx = Parameters<Parameters<TDb['transaction']>[0]>[0];

type TSeedFile = { name: string; apply: (tx: TTx, data: never) => Promise<void> };

const SEED_FILES: TSeedFile[] = [
  {
    name: 'system-flags.json',
    apply: async (tx, rows: (typeof systemFlags.$inferInsert)[]) => {
      await tx.insert(systemFlags).values(rows).onConflictDoNothing();
    },
  },
  {
    name: 'maintenance-notices.json',
    apply: async (tx, rows: (typeof maintenanceNotices.$inferInsert)[]) => {
      await tx.insert(maintenanceNotices).values(rows).onConflictDoNothing();
    },
  },
  {
    name: 'banners.json',
    apply: async (tx, rows: (typeof banners.$inferInsert)[]) => {
      await tx.insert(banners).values(rows).onConflictDoNothing();
    },
  },
  {
    name: 'agents.json',
    apply: async (
      tx,
      data: {
        agents: (typeof agents.$inferInsert)[];
        subAgents: (typeof subAgents.$inferInsert)[];
        staffCodes: (typeof staffCodes.$inferInsert)[];
        agentCampaigns: (typeof agentCampaigns.$inferInsert)[];
      },
    ) => {
      await tx.insert(agents).values(data.agents).onConflictDoNothing();
      await tx.insert(subAgents).values(data.subAgents).onConflictDoNothing();
      await tx.insert(staffCodes).values(data.staffCodes).onConflictDoNothing();
      await tx.insert(agentCampaigns).values(data.agentCampaigns).onConflictDoNothing();
    },
  },
  {
    name: 'campaigns.json',
    apply: async (tx, rows: (typeof campaigns.$inferInsert & { promoCodes: string[] })[]) => {
      for (const { promoCodes: codes, ...campaign } of rows) {
        const image = campaign.imageFileName
          ? readFileSync(new URL(`images/${campaign.imageFileName}`, import.meta.url)).toString('base64')
          : null;
        await tx
          .insert(campaigns)
          .values({ ...campaign, imageData: image, imageContentType: image ? 'image/svg+xml' : null })
          .onConflictDoNothing();
        const [stored] = await tx
          .select({ campaignId: campaigns.campaignId })
          .from(campaigns)
          .where(
            sql`${campaigns.campaignCode} = ${campaign.campaignCode} and ${campaigns.productCode} = ${campaign.productCode} and ${campaigns.country} = ${campaign.country}`,
          );
        if (stored && codes.length > 0) {
          await tx
            .insert(promoCodes)
            .values(codes.map((code) => ({ campaignId: stored.campaignId, code })))
            .onConflictDoNothing();
        }
      }
    },
  },
  {
    // ID numbers are stored as the domain normalises them: upper case, no spaces or brackets.
    name: 'underwriting-blacklist.json',
    apply: async (tx, rows: (typeof underwritingBlacklist.$inferInsert)[]) => {
      await tx.insert(underwritingBlacklist).values(rows).onConflictDoNothing();
    },
  },
];

export type TSeedResult = { applied: string[]; skipped: string[] };

export async function seedDatabase(db: TDb): Promise<TSeedResult> {
  const result: TSeedResult = { applied: [], skipped: [] };
  for (const file of SEED_FILES) {
    const text = readFileSync(new URL(file.name, import.meta.url), 'utf8');
    const checksum = createHash('sha256').update(text).digest('hex');
    const applied = await db.transaction(async (tx) => {
      const [previous] = await tx.select().from(seedRuns).where(eq(seedRuns.name, file.name));
      if (previous?.checksum === checksum) return false;
      await file.apply(tx, JSON.parse(text) as never);
      await tx
        .insert(seedRuns)
        .values({ name: file.name, checksum })
        .onConflictDoUpdate({ target: seedRuns.name, set: { checksum, appliedAt: sql`now()` } });
      return true;
    });
    (applied ? result.applied : result.skipped).push(file.name);
  }
  await loadRateTables(db);
  return result;
}
