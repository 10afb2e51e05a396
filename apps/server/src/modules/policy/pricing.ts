import { isCampaignLive } from '@lionrock/domain/campaign/campaign-validity';
import { OFFER_NOTICES, type TOfferNotice } from '@lionrock/domain/campaign/offer-notices';
import { DIRECT_CAMPAIGN_CODE, isPromoUsable } from '@lionrock/domain/campaign/promo-rules';
import { compareDates, parseIso, type TLocalDate, toEpochDay } from '@lionrock/domain/dates/local-date';
import { normaliseIdForMatching } from '@lionrock/domain/identity/id-number';
import type { TRatingTables } from '@lionrock/domain/policy/rate-policy';
import { refusal, type TRefusal } from '@lionrock/domain/policy/refusals';
import type { TDiscountInput, TDiscountRule } from '@lionrock/domain/rating/discounts';
import { ZHomeRateTableSchema } from '@lionrock/domain/rating/home-rating';
import { ZPaRateTableSchema } from '@lionrock/domain/rating/pa-rating';
import { ZTravelRateTableSchema } from '@lionrock/domain/rating/travel-rating';
import type { TCampaignVoucher } from '@lionrock/domain/schemas/campaign-agent-schema';
import type { TPolicy } from '@lionrock/domain/schemas/policy-schema';
import { centsToWire } from '@lionrock/domain/schemas/wire-amounts';
import { MESSAGE_KEYS } from '@lionrock/domain/validation/message-keys';
import { createTableCache, type TChangeNotifier } from '../../db/change-notifier.ts';
import { badRequest } from '../../lib/api-error.ts';
import type { TPromoGuard } from '../campaign/promo-guard.ts';
import type { TCampaignRow, TPolicyRepository } from './policy-repository.ts';

/**
 * What rating reads from the database — rate tables, the underwriting blacklist, campaigns and agent
 * campaigns — loaded once and kept until the table changes on any instance (design section 2: hot
 * paths are cached, not queried per request). Only a promo code is read per call, and only when one is given.
 */
export type TPricingOutcome = {
  discounts: TDiscountInput;
  campaignId: number | null;
  /** The campaign the policy is priced under, as the answer names it (the code's own, decision 038). */
  campaign: { campaignId: number; campaignCode: string; catalogueCode: string } | null;
  promoCode: string | null;
  /** The voucher of the campaign whose discount the price carries, if it gives one. */
  voucher: TCampaignVoucher | null;
};

type TCampaignOutcome = {
  rule: TDiscountRule | null;
  campaign: TCampaignRow | null;
  promoCode: string | null;
  notice: TOfferNotice | null;
};

type TRateTableRow = {
  product: string;
  country: string;
  effectiveDate: string;
  data: unknown;
  /** When the version began to apply (decision 098). */
  activatedAt?: Date;
};

/**
 * The rating tables in force on a date: per product and market, the newest of the given rows (active
 * rate tables, newest effective first) already effective then. Null when a product has none. The
 * back office's price diff uses it too, with a draft put in place of the version it would follow.
 */
export function ratingTablesOn(
  rows: readonly TRateTableRow[],
  on: TLocalDate,
  parse: <T>(data: unknown, schema: { parse(value: unknown): T }) => T = (data, schema) => schema.parse(data),
): TRatingTables | null {
  const inForce = rows.filter((row) => compareDates(parseIso(row.effectiveDate)!, on) <= 0);
  const pick = (product: string, country: string) =>
    inForce.find((row) => row.product === product && row.country === country)?.data;
  const sgp = pick('PTR', 'SGP');
  const hkg = pick('PTR', 'HKG');
  const pa = pick('PAN', 'ALL');
  const home = pick('PHM', 'ALL');
  if (!sgp || !hkg || !pa || !home) return null;
  return {
    travel: { SGP: parse(sgp, ZTravelRateTableSchema), HKG: parse(hkg, ZTravelRateTableSchema) },
    pa: parse(pa, ZPaRateTableSchema),
    home: parse(home, ZHomeRateTableSchema),
  };
}

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
    // Per day the cover starts on: a quote's call asks once, and the answer holds until the table changes.
    const byDay = new Map<number, TRatingTables | null>();
    return {
      rows,
      on(on: TLocalDate): TRatingTables | null {
        const day = toEpochDay(on);
        if (byDay.has(day)) return byDay.get(day)!;
        if (byDay.size >= 1000) byDay.clear();
        const tables = ratingTablesOn(rows, on, parsed);
        byDay.set(day, tables);
        return tables;
      },
    };
  });
  // Parsing is cached per row object, so a table is validated once per load, not per request.
  const parsedRows = new WeakMap<object, unknown>();
  function parsed<T>(data: unknown, schema: { parse(value: unknown): T }): T {
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

  /**
   * The campaign a promo code belongs to (decision 038): the named campaign when the code is one of
   * its own, else the live campaign of the market and product that holds it, whatever link the
   * customer came by. A code no live campaign can use is a wrong guess (decision 027) and refused.
   */
  async function campaignOfPromo(
    policy: TPolicy,
    named: TCampaignRow | undefined,
    promo: string,
    today: TLocalDate,
  ): Promise<TCampaignRow> {
    const candidates = (await campaignsCache.get()).filter(
      (campaign) =>
        campaign.productCode === policy.productType &&
        campaign.country === policy.country &&
        isCampaignLive(campaign, today),
    );
    const owners = await repository.findPromoCampaignIds(promo);
    const owner =
      (named && owners.includes(named.campaignId) ? named : undefined) ??
      candidates.find((campaign) => owners.includes(campaign.campaignId));
    // The guess is counted against the campaign it was tried on (the named one when none holds it).
    const counted = owner ?? named ?? candidates[0];
    const usable =
      counted !== undefined &&
      (await deps.promoGuard.check(counted.campaignId, promo, async () =>
        owner
          ? isPromoUsable(owner, await repository.findPromoCode(owner.campaignId, promo), deps.now())
          : false,
      ));
    if (!usable || !owner)
      throw badRequest(
        'promo',
        'The promotion code is not valid for this campaign.',
        MESSAGE_KEYS.invalidPromoCode,
      );
    return owner;
  }

  const ruleOf = (row: TCampaignRow): TDiscountRule =>
    row.discountType === 'AMOUNT'
      ? { type: 'AMOUNT', cents: row.discountValue }
      : { type: 'PERCENT', basisPoints: row.discountValue };

  /** A campaign's voucher per policy (pa-home-payments section 9), when it gives one. */
  const voucherOf = (row: TCampaignRow): TCampaignVoucher | null =>
    row.voucherCents && row.voucherCents > 0
      ? {
          campaignCode: row.campaignCode,
          amount: centsToWire(row.voucherCents),
          description: row.voucherDescription ?? '',
          descriptionCn: row.voucherDescriptionCn ?? '',
        }
      : null;

  async function campaignDiscount(
    policy: TPolicy,
    options: { today: TLocalDate; promoRequiredNow: boolean },
  ): Promise<TCampaignOutcome | TRefusal> {
    const given = policy.campaign?.campaignCode?.trim().toUpperCase() ?? '';
    const rows = await campaignsCache.get();
    const find = (code: string) =>
      rows.find(
        (campaign) =>
          campaign.campaignCode.toUpperCase() === code &&
          campaign.productCode === policy.productType &&
          campaign.country === policy.country,
      );
    const direct = find(DIRECT_CAMPAIGN_CODE);
    const liveDirect = direct && isCampaignLive(direct, options.today) ? direct : undefined;
    const row = given === '' ? liveDirect : find(given);
    const live = row !== undefined && isCampaignLive(row, options.today) ? row : undefined;
    // A campaign the customer came with must still run; the direct discount simply lapses.
    if (given !== '' && !live) return refusal('CAMPAIGN_UNAVAILABLE');
    const promo = policy.promo?.trim().toUpperCase() ?? '';
    if (promo !== '') {
      const owner = await campaignOfPromo(policy, live, promo, options.today);
      return { rule: ruleOf(owner), campaign: owner, promoCode: promo, notice: null };
    }
    if (!live) return { rule: null, campaign: null, promoCode: null, notice: null };
    if (live.promoCodeRequired) {
      // Until the quote page asks for it, the campaign is priced as the plain site is, and the customer
      // is told the code brings the campaign's discount: a link never prices above the plain site.
      if (options.promoRequiredNow)
        throw badRequest('promo', 'This campaign needs a promotion code.', MESSAGE_KEYS.invalidPromoCode);
      return {
        rule: liveDirect ? ruleOf(liveDirect) : null,
        campaign: live,
        promoCode: null,
        notice: OFFER_NOTICES.codeNeeded,
      };
    }
    return { rule: ruleOf(live), campaign: live, promoCode: null, notice: null };
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
    /**
     * The tables in force on a day. With `activeAt`, only among the versions active then: an issued
     * policy's documents state the figures it was sold with, as its benefits (decision 098); none active
     * then (a policy older than every version) leaves the versions active now.
     */
    async tables(on: TLocalDate, activeAt?: Date): Promise<TRatingTables | null> {
      const loaded = await tablesCache.get();
      if (!activeAt) return loaded.on(on);
      const known = loaded.rows.filter((row) => row.activatedAt <= activeAt);
      return ratingTablesOn(known, on, parsed) ?? loaded.on(on);
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
        discounts: {
          campaign: campaign.rule,
          agent: await agentDiscount(policy),
          notice: campaign.notice,
        },
        campaignId: campaign.campaign?.campaignId ?? null,
        campaign: campaign.campaign
          ? {
              campaignId: campaign.campaign.campaignId,
              campaignCode: campaign.campaign.campaignCode,
              catalogueCode: campaign.campaign.catalogueCode ?? '',
            }
          : null,
        promoCode: campaign.promoCode,
        // The voucher comes with the campaign's own discount: not while a code-only campaign waits for its code.
        voucher: campaign.campaign && campaign.notice === null ? voucherOf(campaign.campaign) : null,
      };
    },
  };
}

export type TPricing = ReturnType<typeof createPricing>;
