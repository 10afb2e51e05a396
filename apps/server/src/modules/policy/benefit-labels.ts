import { hongKongChinese } from '@lionrock/chinese/hong-kong-chinese';
import type { TCountry } from '@lionrock/domain/market/market';

/**
 * A benefit schedule as a market reads it (decision 110): a schedule's Chinese is written once, in
 * Simplified (`labelZh`, `titleZh`, a PA label's second word); Hong Kong is served it in its own
 * characters and words, converted here by the shop's one converter, so a schedule underwriting
 * activates after the build reads in Traditional too. Converted once per schedule version.
 */
const forHongKong = new WeakMap<object, unknown>();

export function scheduleForMarket<T extends object>(schedule: T, country: TCountry): T {
  if (country !== 'HKG') return schedule;
  let converted = forHongKong.get(schedule) as T | undefined;
  if (!converted) {
    converted = chineseConverted(schedule, '') as T;
    forHongKong.set(schedule, converted);
  }
  return converted;
}

function chineseConverted(value: unknown, key: string): unknown {
  if (typeof value === 'string') return key.endsWith('Zh') ? hongKongChinese(value) : value;
  // A PA label is [English, Chinese].
  if (Array.isArray(value))
    return key === 'label' && value.length === 2 && typeof value[1] === 'string'
      ? [value[0], hongKongChinese(value[1])]
      : value.map((item) => chineseConverted(item, key));
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([inner, item]) => [
        inner,
        chineseConverted(item, key === 'labels' ? 'label' : inner),
      ]),
    );
  return value;
}
