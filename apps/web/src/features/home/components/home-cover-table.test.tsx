import { localDate } from '@lionrock/domain/dates/local-date';
import { HOME_BENEFITS } from '@lionrock/domain/rating/benefits/home-benefits';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../../lib/i18n';
import { HEALTHY_SYSTEM, renderAt, stubServer } from '../../../test/render';
import { HomeCoverTable } from './home-cover-table';

const CHOICE = { ownership: 'OWNER' as const, optionalCovers: [], contentsSumInsuredCents: 3_000_000 };

describe('the home plan comparison (decisions 059 and 099)', () => {
  beforeEach(() => applyLanguage('en', 'SGP'));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('compares the limits in force on the day the cover starts, and says so while they load', async () => {
    // Underwriting raised Essential's building limit from 01/03/2027, the cover's first day.
    const later = structuredClone(HOME_BENEFITS);
    const building = later.groups[0]!.rows.find((row) => row.key === 'building')!;
    building.values.SGP.ESSENTIAL = 9_876_500;
    const { calls } = stubServer([
      { match: /policy\/benefits\?country=SGP&product=PHM&on=01\/03\/2027$/, body: later },
      ...HEALTHY_SYSTEM,
    ]);
    renderAt(
      <HomeCoverTable country="SGP" choice={CHOICE} selected="ESSENTIAL" on={localDate(2027, 3, 1)} />,
      '/home/quote',
    );
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    const row = await screen.findByRole('row', { name: /Building structure/ });
    expect(within(row).getAllByRole('cell')[0]!.textContent).toBe('S$98,765.00');
    expect(calls.map(({ url }) => url)).toContain(
      '/b2c-server/rest/policy/benefits?country=SGP&product=PHM&on=01/03/2027',
    );
  });
});
