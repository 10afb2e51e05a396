import { describe, expect, it } from 'vitest';
import { FREE_LOOK_DAYS, INSURER_CONTACTS } from './insurer-contacts.ts';
import { COUNTRIES, MARKETS } from './market.ts';

describe('insurer contacts (decision 042)', () => {
  it.each(COUNTRIES)(
    'the %s assistance line can be dialled from abroad, and is not the office line',
    (country) => {
      const contacts = INSURER_CONTACTS[country];
      expect(contacts.assistance).toMatch(new RegExp(`^\\+${MARKETS[country].phonePrefix} \\d{4} \\d{4}$`));
      expect(contacts.assistance.replace(/\D/g, '')).not.toBe(
        `${MARKETS[country].phonePrefix}${contacts.hotline.replace(/\D/g, '')}`,
      );
    },
  );

  it('gives Singapore 14 days and Hong Kong 21 days to look at a new policy', () => {
    expect(FREE_LOOK_DAYS).toEqual({ SGP: 14, HKG: 21 });
  });
});
