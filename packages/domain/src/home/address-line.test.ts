import { describe, expect, it } from 'vitest';
import { addressLine } from './address-line.ts';

describe('addressLine: a home address on one line, in the market order', () => {
  it('Singapore: number and street, unit, building, postal code; empty parts left out', () => {
    expect(
      addressLine(
        'SGP',
        {
          blockOrHouseNo: '123',
          streetName: 'Tampines Street 11',
          unitNo: ' #08-123 ',
          postalCode: '521123',
        },
        'en',
      ),
    ).toBe('123 Tampines Street 11, #08-123, 521123');
  });
  it('Hong Kong: flat, building, street and the district in the script asked', () => {
    const flat = {
      blockOrHouseNo: 'Flat 12A, 8/F',
      buildingName: 'Harbour View',
      streetName: '18 Harbour Road',
      district: 'WC',
    };
    expect(addressLine('HKG', flat, 'en')).toBe('Flat 12A, 8/F, Harbour View, 18 Harbour Road, Wan Chai');
    expect(addressLine('HKG', flat, 'zhHant')).toContain('灣仔區');
  });
});
