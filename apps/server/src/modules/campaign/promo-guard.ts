import { ApiError } from '../../lib/api-error.ts';
import { currentClient } from '../../lib/client-address.ts';
import type { TLimitStore } from '../../lib/limit-store.ts';

/**
 * How many different wrong promo codes may be tried in a window (decision 027): per client, and per
 * campaign across all clients, so neither one address nor many addresses can walk through the codes.
 * The same wrong code again does not count twice, and a right code does not count at all.
 */
export const PROMO_GUESS_LIMITS = {
  perClient: 10,
  perCampaign: 200,
  windowMs: 10 * 60_000,
} as const;

/**
 * Every place a promo code is checked (getCampaign, validatePromoCode, and pricing for the rating and
 * payment calls) asks through here, so a guess costs the same whichever call carries it. Over a limit
 * the answer is a 429, never valid-or-not, even for a right code.
 */
export function createPromoGuard(deps: {
  store: TLimitStore;
  limits?: { perClient: number; perCampaign: number; windowMs: number };
}) {
  const { store } = deps;
  const limits = deps.limits ?? PROMO_GUESS_LIMITS;

  const refuse = (retryAfterMs: number) =>
    new ApiError(
      429,
      `Too many promotion codes tried. Please wait ${Math.max(1, Math.ceil(retryAfterMs / 60_000))} minutes and try again.`,
      { field: 'promo', retryAfterMs },
    );

  return {
    /** Whether `code` (upper-case) can be used with the campaign, as `isUsable` finds, within the limits. */
    async check(campaignId: number, code: string, isUsable: () => Promise<boolean>): Promise<boolean> {
      // Outside a request (a job) there is no client: only the campaign's ceiling applies.
      const client = currentClient();
      const clientKey = `promo:client:${client}`;
      const clientMember = `${campaignId}:${code}`;
      const campaignKey = `promo:campaign:${campaignId}`;
      if (client !== undefined) {
        const byClient = await store.addMember(clientKey, clientMember, limits.perClient, limits.windowMs);
        if (!byClient.allowed) throw refuse(byClient.retryAfterMs);
      }
      const byCampaign = await store.addMember(campaignKey, code, limits.perCampaign, limits.windowMs);
      if (!byCampaign.allowed) throw refuse(byCampaign.retryAfterMs);
      const usable = await isUsable();
      if (usable) {
        if (client !== undefined) await store.removeMember(clientKey, clientMember);
        await store.removeMember(campaignKey, code);
      }
      return usable;
    },
  };
}

export type TPromoGuard = ReturnType<typeof createPromoGuard>;
