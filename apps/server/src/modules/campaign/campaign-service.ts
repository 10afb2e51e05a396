import { isCampaignLive } from '@lionrock/domain/campaign/campaign-validity';
import { DIRECT_CAMPAIGN_CODE, isPromoUsable } from '@lionrock/domain/campaign/promo-rules';
import { formatDmy, parseIso, todayIn } from '@lionrock/domain/dates/local-date';
import { MARKETS, type TCountry } from '@lionrock/domain/market/market';
import {
  EMPTY_CAMPAIGN,
  type TCampaign as TCampaignAnswer,
} from '@lionrock/domain/schemas/campaign-agent-schema';
import { centsToWire } from '@lionrock/domain/schemas/wire-amounts';
import { createTableCache, type TChangeNotifier } from '../../db/change-notifier.ts';
import type { TCampaignRepository, TCampaignRow, TPromoState } from './campaign-repository.ts';
import type { TPromoGuard } from './promo-guard.ts';

type TPromoOwner = { campaign: TCampaignRow; promo: TPromoState };

/** The most promo codes whose owners one instance keeps in memory (decision 097). */
export const MAX_KEPT_CODES = 10_000;

export type TCampaignLookup = {
  campaignCode: string | undefined;
  productCode: string;
  country: TCountry;
  catalogueCode?: string | undefined;
  promoCode?: string | undefined;
};

export function createCampaignService(
  repository: TCampaignRepository,
  now: () => Date,
  promoGuard: TPromoGuard,
  notifier: TChangeNotifier,
) {
  const today = (country: TCountry) => todayIn(MARKETS[country].timeZone, now());

  // getCampaign is on every landing: campaigns are read from memory, dropped the moment the table
  // changes on any instance (its trigger NOTIFYs, migration 0005), as rating already reads them
  // (decision 092). Keyed as the database matched them: code case-insensitively, product, market.
  const campaignKey = (code: string, productCode: string, country: string) =>
    `${code.toUpperCase()}\u0000${productCode}\u0000${country}`;
  const campaignsCache = createTableCache(notifier, ['campaigns'], async () => {
    const byKey = new Map<string, TCampaignRow>();
    for (const row of await repository.listCampaigns()) {
      const key = campaignKey(row.campaignCode, row.productCode, row.country);
      if (!byKey.has(key)) byKey.set(key, row);
    }
    return byKey;
  });
  const findByCode = async (code: string, productCode: string, country: string) =>
    (await campaignsCache.get()).get(campaignKey(code, productCode, country));

  const isLive = isCampaignLive;

  // Which campaigns own a code changes only when codes or campaigns do: kept per code (unknown codes
  // too), dropped the moment either table changes on any instance (migrations 0005 and 0022's
  // triggers). Owners whose codes are single-use are never kept: a payment holds and uses such a code,
  // so its state is read from the table on every call. A reusable code's state decides nothing.
  const ownersCache = createTableCache(
    notifier,
    ['promo_codes', 'campaigns'],
    async () => new Map<string, TPromoOwner[]>(),
  );
  async function ownersOf(code: string, productCode: string, country: TCountry): Promise<TPromoOwner[]> {
    const known = await ownersCache.get();
    const key = campaignKey(code, productCode, country);
    const kept = known.get(key);
    if (kept) return kept;
    const found = await repository.findCampaignsOfPromo(code, productCode, country);
    if (found.every((row) => row.campaign.promoCodeReusability === 'REUSABLE')) {
      // Bounded: codes guessed at random must not grow the memory of the server.
      if (known.size >= MAX_KEPT_CODES) known.delete(known.keys().next().value!);
      known.set(key, found);
    }
    return found;
  }

  /**
   * The live campaign a promo code belongs to (decision 038): `named` when the code is its own, else
   * the one of the market and product that holds it. A code typed anywhere finds its campaign.
   */
  async function ownerOfPromo(
    named: TCampaignRow | undefined,
    promoCode: string,
    productCode: string,
    country: TCountry,
  ): Promise<TPromoOwner | undefined> {
    // One query at most: the owners and the state of the code in each (decisions 092 and 097).
    const owners = (await ownersOf(promoCode, productCode, country)).filter((row) =>
      isLive(row.campaign, today(country)),
    );
    return owners.find((row) => row.campaign.campaignId === named?.campaignId) ?? owners[0];
  }

  /** Whether the code can be used now, counted against the campaign it was tried on (decision 027). */
  const usableIn = (owner: TPromoOwner | undefined, tried: TCampaignRow, promoCode: string) =>
    promoGuard.check((owner?.campaign ?? tried).campaignId, promoCode, async () =>
      owner ? isPromoUsable(owner.campaign, owner.promo, now()) : false,
    );

  function toAnswer(row: TCampaignRow, promoCode: string, validPromoCode: 'Y' | 'N' | ''): TCampaignAnswer {
    const dmy = (iso: string) => formatDmy(parseIso(iso)!);
    return {
      campaignId: row.campaignId,
      campaignCode: row.campaignCode,
      campaignName: row.campaignName,
      status: row.status,
      productCode: row.productCode,
      catalogueCode: row.catalogueCode ?? '',
      startDate: dmy(row.startDate),
      endDate: dmy(row.endDate),
      p400Campaign: row.p400Campaign ?? '',
      marketingMessage: row.marketingMessage ?? '',
      marketingMessageCn: row.marketingMessageCn ?? '',
      createdBy: row.createdBy,
      dateCreated: row.createdAt.toISOString(),
      updatedBy: row.updatedBy,
      dateUpdated: row.updatedAt.toISOString(),
      promoCodeRequired: row.promoCodeRequired ? 'Y' : 'N',
      promoCodeReusability: row.promoCodeReusability,
      promoCodeDescription: row.promoCodeDescription ?? '',
      promoCodeDescriptionCn: row.promoCodeDescriptionCn ?? '',
      image: '',
      imageFileName: row.imageData ? (row.imageFileName ?? '') : '',
      promoCode,
      validPromoCode,
      redirect: '',
      errorMessage: '',
      termsConditionsEn: row.termsConditionsEn ?? '',
      termsConditionsCn: row.termsConditionsCn ?? '',
      // The gift per policy the landing can announce (pa-home-payments section 9).
      ...(row.voucherCents && row.voucherCents > 0
        ? {
            voucher: {
              campaignCode: row.campaignCode,
              amount: centsToWire(row.voucherCents),
              description: row.voucherDescription ?? '',
              descriptionCn: row.voucherDescriptionCn ?? '',
            },
          }
        : {}),
    };
  }

  return {
    /** The live campaign for a code (or the direct campaign), else the empty campaign. */
    async getCampaign(lookup: TCampaignLookup): Promise<TCampaignAnswer> {
      const linked = lookup.campaignCode?.trim();
      const row = await findByCode(linked || DIRECT_CAMPAIGN_CODE, lookup.productCode, lookup.country);
      const named =
        row &&
        isLive(row, today(lookup.country)) &&
        !(lookup.catalogueCode && row.catalogueCode && lookup.catalogueCode !== row.catalogueCode)
          ? row
          : undefined;
      const promoCode = lookup.promoCode?.trim().toUpperCase() ?? '';
      if (promoCode === '' || (linked && !named)) return named ? toAnswer(named, '', '') : EMPTY_CAMPAIGN;
      // The code's own campaign answers, whichever campaign the link named or none (decision 038).
      const owner = await ownerOfPromo(named, promoCode, lookup.productCode, lookup.country);
      const tried = named ?? owner?.campaign;
      if (!tried) return { ...EMPTY_CAMPAIGN, promoCode, validPromoCode: 'N' };
      const valid = await usableIn(owner, tried, promoCode);
      return toAnswer(valid && owner ? owner.campaign : tried, promoCode, valid ? 'Y' : 'N');
    },

    /**
     * "Y" for a usable code of this live campaign (code and id must agree), or of another live campaign
     * of its market and product: the code finds its campaign, and pricing names it (decision 038).
     */
    async validatePromoCode(campaignCode: string, promoCode: string, campaignId: number): Promise<'Y' | 'N'> {
      const row = await repository.findById(campaignId);
      if (!row || row.campaignCode.toUpperCase() !== campaignCode.toUpperCase()) return 'N';
      const country = row.country as TCountry;
      if (!isLive(row, today(country))) return 'N';
      const code = promoCode.toUpperCase();
      return (await usableIn(await ownerOfPromo(row, code, row.productCode, country), row, code)) ? 'Y' : 'N';
    },

    async getCampaignImage(campaignId: number): Promise<{ data: Buffer; contentType: string } | undefined> {
      const row = await repository.findById(campaignId);
      if (!row?.imageData || !row.imageContentType) return undefined;
      return { data: Buffer.from(row.imageData, 'base64'), contentType: row.imageContentType };
    },
  };
}

export type TCampaignService = ReturnType<typeof createCampaignService>;
