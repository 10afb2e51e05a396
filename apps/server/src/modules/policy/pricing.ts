import { compareDates, parseIso, type TLocalDate } from '@lionrock/domain/dates/local-date';
import { normaliseIdForMatching } from '@lionrock/domain/identity/id-number';
import type { TRatingTables } from '@lionrock/domain/policy/rate-policy';
import { refusal, type TRefusal } from '@lionrock/domain/policy/refusals';
import type { TDiscountInput, TDiscountRule } from '@lionrock/domain/rating/discounts';
import { type THomeRateTable, ZHomeRateTableSchema } from '@lionrock/domain/rating/home-rating';
import { type TPaRateTable, ZPaRateTableSchema } from '@lionrock/domain/rating/pa-rating';
import { type TTravelRateTable, ZTravelRateTableSchema } from '@lionrock/domain/rating/travel-rating';
import type { TPolicy } from '@lionrock/domain/schemas/policy-schema';
import { MESSAGE_KEYS } from '@lionrock/domain/validation/message-keys';
import { createTableCache, type TChangeNotifier } from '../../db/change-notifier.ts';
import { badRequest } from '../../lib/api-error.ts';
import { DIRECT_CAMPAIGN_CODE, isCampaignLive, isPromoUsable } from '../campaign/campaign-service.ts';
import type { TPromoGuard } from '../campaign/promo-guard.ts';
import type { TPolicyRepository } from './policy-repository.ts';

/**
 * What rating reads from the database — rate tables, the underwriting blacklist, campaigns and agent
 * campaigns — loaded once and kept until the table changes on any instance (issue 4: not queried per
 * request). Only a promo code is read per call, and only when one is given.
 */
export type TPricingOutcome = {
  discounts: TDiscountInput;
  campaignId: number | null;
  promoCode: string | null;
};

export function createPricing(deps: {
  repository: TPolicyRepository;
  notifier: TChangeNotifier;
  now: () => Date;
  /** Rating and paying with a promo code are guesses too (decision 027). */
  promoGuard: TPromoGuard;
}) {
  const { repository } = deps;

  const tablesCache = createTableCache(deps.notifier, ['rate_tables'], async () => {
    const rows = await repository.listRateTables();
    // Newest effective first, per product and market: the first one already in force wins.
    return (on: TLocalDate): TRatingTables | null => {
      const inForce = rows.filter((row) => compareDates(parseIso(row.effectiveDate)!, on) <= 0);
      const pick = (product: string, country: string) =>
        inForce.find((row) => row.product === product && row.country === country)?.data;
      const sgp = pick('PTR', 'SGP');
      const hkg = pick('PTR', 'HKG');
      const pa = pick('PAN', 'ALL');
      const home = pick('PHM', 'ALL');
      if (!sgp || !hkg || !pa || !home) return null;
      return {
        travel: { SGP: parsed(sgp, ZTravelRateTableSchema), HKG: parsed(hkg, ZTravelRateTableSchema) },
        pa: parsed(pa, ZPaRateTableSchema),
        home: parsed(home, ZHomeRateTableSchema),
      };
    };
  });
  // Parsing is cached per row object, so a table is validated once per load, not per request.
  const parsedRows = new WeakMap<object, unknown>();
  function parsed<T extends TTravelRateTable | TPaRateTable | THomeRateTable>(
    data: unknown,
    schema: { parse(value: unknown): T },
  ): T {
    const key = data as object;
    if (!parsedRows.has(key)) parsedRows.set(key, schema.parse(data));
    return parsedRows.get(key) as T;
  }

  const blacklistCache = createTableCache(
    deps.notifier,
    ['underwriting_blacklist'],
    async () => new Set((await repository.listBlacklistedIds()).map(normaliseIdForMatching)),
  );
  const campaignsCache = createTableCache(deps.notifier, ['campaigns'], () => repository.listCampaigns());
  const agentCampaignsCache = createTableCache(deps.notifier, ['agent_campaigns'], () =>
    repository.listAgentCampaigns(),
  );

  async function campaignDiscount(
    policy: TPolicy,
    options: { today: TLocalDate; promoRequiredNow: boolean },
  ): Promise<{ rule: TDiscountRule | null; campaignId: number | null; promoCode: string | null } | TRefusal> {
    const given = policy.campaign?.campaignCode?.trim().toUpperCase() ?? '';
    const code = given || DIRECT_CAMPAIGN_CODE;
    const row = (await campaignsCache.get()).find(
      (campaign) =>
        campaign.campaignCode.toUpperCase() === code &&
        campaign.productCode === policy.productType &&
        campaign.country === policy.country,
    );
    const live = row !== undefined && isCampaignLive(row, options.today);
    // A campaign the customer came with must still run; the direct discount simply lapses.
    if (!live)
      return given === ''
        ? { rule: null, campaignId: null, promoCode: null }
        : refusal('CAMPAIGN_UNAVAILABLE');
    const promo = policy.promo?.trim().toUpperCase() ?? '';
    if (promo !== '') {
      const usable = await deps.promoGuard.check(row.campaignId, promo, async () =>
        isPromoUsable(row, await repository.findPromoCode(row.campaignId, promo), deps.now()),
      );
      if (!usable)
        throw badRequest(
          'promo',
          'The promotion code is not valid for this campaign.',
          MESSAGE_KEYS.invalidPromoCode,
        );
    } else if (row.promoCodeRequired) {
      // Until the quote page asks for it, the campaign is priced without its discount.
      if (options.promoRequiredNow)
        throw badRequest('promo', 'This campaign needs a promotion code.', MESSAGE_KEYS.invalidPromoCode);
      return { rule: null, campaignId: row.campaignId, promoCode: null };
    }
    const rule: TDiscountRule =
      row.discountType === 'AMOUNT'
        ? { type: 'AMOUNT', cents: row.discountValue }
        : { type: 'PERCENT', basisPoints: row.discountValue };
    return { rule, campaignId: row.campaignId, promoCode: promo || null };
  }

  /** The part of the commission the agent gives up for the customer (discounts.ts): the agent's own campaign for the product. */
  async function agentDiscount(policy: TPolicy): Promise<TDiscountInput['agent']> {
    const account = policy.policyTravel?.accountNumber?.trim() || policy.agentCode?.trim();
    if (!account) return null;
    const row = (await agentCampaignsCache.get()).find(
      (campaign) =>
        campaign.accountNo === account &&
        campaign.productCode === policy.productType &&
        campaign.country === policy.country,
    );
    return row
      ? { maxRateBasisPoints: row.accountCommissionRate, rateBasisPoints: row.campaignCommissionRate }
      : null;
  }

  return {
    async tables(on: TLocalDate): Promise<TRatingTables | null> {
      return (await tablesCache.get())(on);
    },

    async isBlacklisted(idNumbers: string[]): Promise<boolean> {
      const blacklist = await blacklistCache.get();
      return idNumbers.some((id) => blacklist.has(normaliseIdForMatching(id)));
    },

    /** Campaign, promo and agent discounts for the policy; a refusal when its campaign has ended. */
    async discounts(
      policy: TPolicy,
      options: { today: TLocalDate; promoRequiredNow: boolean },
    ): Promise<TPricingOutcome | TRefusal> {
      const campaign = await campaignDiscount(policy, options);
      if ('refused' in campaign) return campaign;
      return {
        discounts: { campaign: campaign.rule, agent: await agentDiscount(policy) },
        campaignId: campaign.campaignId,
        promoCode: campaign.promoCode,
      };
    },
  };
}

export type TPricing = ReturnType<typeof createPricing>;
