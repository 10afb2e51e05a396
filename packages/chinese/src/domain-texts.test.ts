import { HK_DISTRICTS } from '@lionrock/domain/home/home-model';
import { OCCUPATIONS } from '@lionrock/domain/pa/occupation';
import { describe, expect, it } from 'vitest';
import { hongKongChinese, notHongKongChinese } from './hong-kong-chinese.ts';

/**
 * The domain's few Traditional texts are data the browser needs at run time without the converter
 * (the occupation list, Hong Kong's districts): typed once each, and held here to what the converter
 * makes of their Simplified twin, so they cannot drift from the rest of Hong Kong's Chinese (decision 110).
 */
describe("the domain's Traditional texts are Hong Kong's", () => {
  it.each(OCCUPATIONS.map((occupation) => [occupation.code, occupation] as const))(
    'occupation %s',
    (_code, occupation) => {
      expect(notHongKongChinese(occupation.labelZhHant)).toEqual([]);
      expect(occupation.labelZhHant).toBe(hongKongChinese(occupation.labelZhHans));
    },
  );

  it.each(HK_DISTRICTS.map((district) => [district.code, district] as const))(
    'district %s',
    (_code, district) => {
      expect(notHongKongChinese(district.zhHant)).toEqual([]);
      expect(district.zhHant).toBe(hongKongChinese(district.zhHans));
    },
  );
});
