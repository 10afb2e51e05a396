import { promoCodeRules } from '@lionrock/domain/campaign/promo-rules';
import { todayIn } from '@lionrock/domain/dates/local-date';
import { MARKETS, type TCountry } from '@lionrock/domain/market/market';
import { validateField } from '@lionrock/domain/validation/field-rules';

/** Today in the market's time zone: the rules' dates (effective date, ages) count from it. */
export function marketToday(country: TCountry) {
  return todayIn(MARKETS[country].timeZone, new Date());
}

/** The promotion code's message key (pa-home-payments section 5), or null. */
export function promoError(promo: string, country: TCountry): string | null {
  const result = validateField(promo, promoCodeRules(false), { today: marketToday(country) });
  return result.valid ? null : result.messageKey;
}
