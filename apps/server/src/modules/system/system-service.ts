import { hongKongChinese } from '@lionrock/chinese/hong-kong-chinese';
import {
  bannerCampaignLink,
  isBannerOfferInForce,
  type TBannerProduct,
} from '@lionrock/domain/campaign/banner-rules';
import { todayIn } from '@lionrock/domain/dates/local-date';
import { MARKETS, type TCountry } from '@lionrock/domain/market/market';
import { createTableCache, type TChangeNotifier } from '../../db/change-notifier.ts';
import { scrubText, sessionDigest } from '../../lib/redaction.ts';
import type { TSystemRepository } from './system-repository.ts';

export type TLang = 'en' | 'zh';

/** A country with no flags row is treated as unavailable: the shop never sells on unknown settings. */
const UNKNOWN_COUNTRY_FLAGS = {
  systemAvailable: false,
  privateMode: false,
  paynowAvailable: false,
  seniorLoadingAvailable: false,
};

/** Within its optional start and end. */
const isShowing = (row: { startsAt: Date | null; endsAt: Date | null }, at: Date) =>
  (row.startsAt === null || row.startsAt <= at) && (row.endsAt === null || row.endsAt > at);

/**
 * Flags, banners and notices are read on every page: they are cached in memory and dropped the moment
 * their table changes on any instance (design sections 2 and 8: not queried per request).
 */
export function createSystemService(
  repository: TSystemRepository,
  deps: { notifier: TChangeNotifier; now: () => Date },
) {
  const flagsCache = createTableCache(deps.notifier, ['system_flags'], async () => {
    const rows = await repository.listFlags();
    return new Map(rows.map((row) => [row.country, row]));
  });
  // Hong Kong reads the Chinese a staff member typed in its own characters and words, whatever script
  // it was typed in (decision 110): converted once per change of the table, not per request.
  // A banner that names a campaign is shown only while the campaign runs (decision 130): the cache is
  // dropped when a campaign or its codes change too, and the dates are read at each request.
  const bannersCache = createTableCache(deps.notifier, ['banners', 'campaigns', 'promo_codes'], async () =>
    (await repository.listActiveBanners()).map((row) =>
      row.country === 'HKG'
        ? { ...row, titleZh: hongKongChinese(row.titleZh), contentZh: hongKongChinese(row.contentZh) }
        : row,
    ),
  );
  const noticesCache = createTableCache(deps.notifier, ['maintenance_notices'], async () =>
    (await repository.listActiveNotices()).map((row) =>
      row.country === 'HKG'
        ? {
            ...row,
            messageZh: hongKongChinese(row.messageZh),
            longMessageZh: hongKongChinese(row.longMessageZh),
          }
        : row,
    ),
  );

  const flags = async (country: TCountry) => (await flagsCache.get()).get(country) ?? UNKNOWN_COUNTRY_FLAGS;
  return {
    isSystemAvailable: async (country: TCountry) => (await flags(country)).systemAvailable,
    isPrivateModeOn: async (country: TCountry) => (await flags(country)).privateMode,
    // PayNow is a Singapore method (pa-home-payments section 1).
    isPaynowAvailable: async (country: TCountry) =>
      country === 'SGP' && (await flags(country)).paynowAvailable,
    isSeniorLoadingOn: async (country: TCountry) => (await flags(country)).seniorLoadingAvailable,

    async getBanners(country: TCountry, product: string, lang: TLang) {
      const at = deps.now();
      const today = todayIn(MARKETS[country].timeZone, at);
      return (await bannersCache.get())
        .filter((row) => row.country === country && row.product === product && isShowing(row, at))
        .flatMap((row) => {
          const offer = {
            country,
            product: row.product as TBannerProduct,
            campaignCode: row.campaignCode,
            promoCode: row.promoCode,
          };
          const campaign = row.campaign ? { ...row.campaign, promo: row.promo ?? undefined } : undefined;
          if (!isBannerOfferInForce(offer, campaign, today, at)) return [];
          return [
            {
              id: row.id,
              title: lang === 'zh' ? row.titleZh : row.titleEn,
              content: lang === 'zh' ? row.contentZh : row.contentEn,
              // A campaign's banner leads to the shop's link that gives its offer (decision 130).
              url: offer.campaignCode
                ? bannerCampaignLink({ ...offer, campaignCode: offer.campaignCode }, lang)
                : row.url,
            },
          ];
        });
    },

    /** `{}` when there is no notice (travel-flow section 7: "if non-empty shown as notice"). */
    async getScheduledMaintenance(
      country: TCountry,
      lang: TLang,
    ): Promise<{ message: string; longMessage: string } | Record<string, never>> {
      const at = deps.now();
      const notice = (await noticesCache.get()).find((row) => row.country === country && isShowing(row, at));
      if (!notice) return {};
      return lang === 'zh'
        ? { message: notice.messageZh, longMessage: notice.longMessageZh }
        : { message: notice.messageEn, longMessage: notice.longMessageEn };
    },

    async logClientError(sessionName: string | undefined, level: string, data: string) {
      await repository.insertClientLog({
        sessionName: sessionName === undefined ? undefined : sessionDigest(sessionName),
        level,
        data: scrubText(data),
      });
    },
  };
}

export type TSystemService = ReturnType<typeof createSystemService>;
