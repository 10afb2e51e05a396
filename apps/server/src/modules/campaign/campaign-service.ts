import {
  compareDates,
  formatDmy,
  parseIso,
  type TLocalDate,
  todayIn,
} from '@lionrock/domain/dates/local-date';
import { MARKETS, type TCountry } from '@lionrock/domain/market/market';
import {
  EMPTY_CAMPAIGN,
  type TCampaign as TCampaignAnswer,
} from '@lionrock/domain/schemas/campaign-agent-schema';
import type { TCampaignRepository, TCampaignRow } from './campaign-repository.ts';
import type { TPromoGuard } from './promo-guard.ts';

/**
 * A visitor who arrives without a campaign code buys under the market's direct online campaign
 * (B2CC00, the code the spec's discount-row rule names), when one is active for the product.
 */
export const DIRECT_CAMPAIGN_CODE = 'B2CC00';

/** Active and within its dates (inclusive) in the market's own calendar. */
export function isCampaignLive(
  row: Pick<TCampaignRow, 'status' | 'startDate' | 'endDate'>,
  on: TLocalDate,
): boolean {
  return (
    row.status === 'ACTIVE' &&
    compareDates(parseIso(row.startDate)!, on) <= 0 &&
    compareDates(on, parseIso(row.endDate)!) <= 0
  );
}

/** A promo code of the campaign that can be used now: reusable, or a single-use code not used or held. */
export function isPromoUsable(
  row: Pick<TCampaignRow, 'promoCodeReusability'>,
  promo: { status: string; reservedUntil: Date | null } | undefined,
  at: Date,
): boolean {
  if (!promo) return false;
  if (row.promoCodeReusability === 'REUSABLE') return true;
  if (promo.status === 'AVAILABLE') return true;
  // A single-use code held for another payment window is free again once the window has passed.
  return promo.status === 'RESERVED' && promo.reservedUntil !== null && promo.reservedUntil < at;
}

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
) {
  const today = (country: TCountry) => todayIn(MARKETS[country].timeZone, now());

  const isLive = isCampaignLive;
  // Every answer about a code is a guess counted against the limits (decision 027).
  const isPromoCodeUsable = (row: TCampaignRow, promoCode: string) =>
    promoGuard.check(row.campaignId, promoCode, async () =>
      isPromoUsable(row, await repository.findPromoCode(row.campaignId, promoCode), now()),
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
    };
  }

  return {
    /** The live campaign for a code (or the direct campaign), else the empty campaign. */
    async getCampaign(lookup: TCampaignLookup): Promise<TCampaignAnswer> {
      const code = lookup.campaignCode?.trim() || DIRECT_CAMPAIGN_CODE;
      const row = await repository.findByCode(code, lookup.productCode, lookup.country);
      if (!row || !isLive(row, today(lookup.country))) return EMPTY_CAMPAIGN;
      if (lookup.catalogueCode && row.catalogueCode && lookup.catalogueCode !== row.catalogueCode) {
        return EMPTY_CAMPAIGN;
      }
      const promoCode = lookup.promoCode?.trim().toUpperCase() ?? '';
      const valid = promoCode === '' ? '' : (await isPromoCodeUsable(row, promoCode)) ? 'Y' : 'N';
      return toAnswer(row, promoCode, valid);
    },

    /** "Y" only for a usable code of this live campaign (code and id must agree). */
    async validatePromoCode(campaignCode: string, promoCode: string, campaignId: number): Promise<'Y' | 'N'> {
      const row = await repository.findById(campaignId);
      if (!row || row.campaignCode.toUpperCase() !== campaignCode.toUpperCase()) return 'N';
      if (!isLive(row, today(row.country as TCountry))) return 'N';
      return (await isPromoCodeUsable(row, promoCode.toUpperCase())) ? 'Y' : 'N';
    },

    async getCampaignImage(campaignId: number): Promise<{ data: Buffer; contentType: string } | undefined> {
      const row = await repository.findById(campaignId);
      if (!row?.imageData || !row.imageContentType) return undefined;
      return { data: Buffer.from(row.imageData, 'base64'), contentType: row.imageContentType };
    },
  };
}

export type TCampaignService = ReturnType<typeof createCampaignService>;
