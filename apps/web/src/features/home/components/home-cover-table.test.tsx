import { localDate } from '@lionrock/domain/dates/local-date';
import { HOME_BENEFITS } from '@lionrock/domain/rating/benefits/home-benefits';
import { HOME_RATE_TABLE } from '@lionrock/domain/rating/bundled-rate-tables';
import { homeRateFacts } from '@lionrock/domain/rating/rate-facts';
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

  it('shows the contents each plan includes by the rate table in force that day (decision 114)', async () => {
    // Underwriting raised Essential's included contents from 01/03/2027 to S$34,567 (S$30,000 bundled).
    const later = homeRateFacts(HOME_RATE_TABLE, 'SGP');
    later.includedContentsCents.ESSENTIAL = 3_456_700;
    const { calls } = stubServer([
      { match: /policy\/rate-facts\?country=SGP&product=PHM&on=01\/03\/2027$/, body: later },
      ...HEALTHY_SYSTEM,
    ]);
    renderAt(
      <HomeCoverTable country="SGP" choice={CHOICE} selected="ESSENTIAL" on={localDate(2027, 3, 1)} />,
      '/home/quote',
    );
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    const row = await screen.findByRole('row', { name: /Household contents/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['S$34,567.00', 'S$60,000.00', 'S$100,000.00']);
    expect(calls.map(({ url }) => url)).toContain(
      '/b2c-server/rest/policy/rate-facts?country=SGP&product=PHM&on=01/03/2027',
    );
  });

  it('waits for the figures with the schedule, and says when they could not be loaded', async () => {
    stubServer([{ match: /policy\/rate-facts/, status: 500, body: { statusCode: 500 } }, ...HEALTHY_SYSTEM]);
    renderAt(<HomeCoverTable country="SGP" choice={CHOICE} selected={undefined} />, '/home/quote');
    expect((await screen.findByRole('alert')).textContent).toMatch(/couldn't load the cover details/);
    expect(screen.queryByRole('table')).toBeNull();
  });
});
