import type { TCountry } from '../market/market.ts';
import { hkDistrictName } from './home-model.ts';

/**
 * A home's address on one line, as the home pages and my policy show it, in the market's order
 * (its own file: the quote form's rules, which load with the landing, do not carry it):
 * Singapore "123 Tampines Street 11, #08-123, Building, 521123"; Hong Kong flat, unit, building,
 * street and the district in the page's script. Empty parts are left out.
 */
export function addressLine(
  country: TCountry,
  address: {
    blockOrHouseNo?: string | undefined;
    streetName?: string | undefined;
    unitNo?: string | undefined;
    buildingName?: string | undefined;
    postalCode?: string | undefined;
    district?: string | undefined;
  },
  script: 'en' | 'zhHans' | 'zhHant',
): string {
  const parts =
    country === 'HKG'
      ? [
          address.blockOrHouseNo,
          address.unitNo,
          address.buildingName,
          address.streetName,
          address.district && hkDistrictName(address.district, script),
        ]
      : [
          [address.blockOrHouseNo, address.streetName].filter(Boolean).join(' '),
          address.unitNo,
          address.buildingName,
          address.postalCode,
        ];
  return parts
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(', ');
}
