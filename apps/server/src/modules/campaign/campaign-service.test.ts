import { describe, expect, it } from 'vitest';
import type { TChangeNotifier } from '../../db/change-notifier.ts';
import { createMemoryLimitStore } from '../../lib/limit-store.ts';
import type { TCampaignRepository, TCampaignRow } from './campaign-repository.ts';
import { createCampaignService, MAX_KEPT_CODES } from './campaign-service.ts';
import { createPromoGuard } from './promo-guard.ts';

/**
 * Who owns a promo code is kept in memory by getCampaign (decision 097): read once for a reusable
 * code, read on every call for a single-use one, read again after promo_codes or campaigns change,
 * and never more than MAX_KEPT_CODES codes at once.
 */
describe('getCampaign keeps the owners of reusable codes (decision 097)', () => {
  function shop(reusability: 'REUSABLE' | 'SINGLE_USE') {
    const campaign = {
      campaignId: 7,
      campaignCode: 'YEAREND',
      campaignName: 'Year end',
      status: 'ACTIVE',
      productCode: 'PTR',
      country: 'SGP',
      startDate: '2000-01-01',
      endDate: '2999-12-31',
      promoCodeRequired: false,
      promoCodeReusability: reusability,
      createdBy: 'seed',
      updatedBy: 'seed',
      createdAt: new Date(0),
      updatedAt: new Date(0),
    } as TCampaignRow;
    const asked: string[] = [];
    const repository = {
      listCampaigns: async () => [campaign],
      findById: async () => campaign,
      findCampaignsOfPromo: async (code: string) => {
        asked.push(code);
        return code.startsWith('YEAREND')
          ? [{ campaign, promo: { status: 'AVAILABLE', reservedUntil: null } }]
          : [];
      },
    } as unknown as TCampaignRepository;
    const listeners: { tables: string[]; onChange: () => void }[] = [];
    const notifier: TChangeNotifier = {
      subscribe: (tables, onChange) => listeners.push({ tables, onChange }),
      close: async () => {},
    };
    const unlimited = { perClient: 1e9, perCampaign: 1e9, windowMs: 60_000 };
    const service = createCampaignService(
      repository,
      () => new Date('2026-11-27T02:00:00Z'),
      createPromoGuard({ store: createMemoryLimitStore(), limits: unlimited }),
      notifier,
    );
    const validity = async (promoCode: string) =>
      (await service.getCampaign({ campaignCode: 'YEAREND', productCode: 'PTR', country: 'SGP', promoCode }))
        .validPromoCode;
    const changed = (table: string) => {
      for (const listener of listeners) if (listener.tables.includes(table)) listener.onChange();
    };
    return { asked, validity, changed };
  }

  it('reads a reusable code once, and again after promo_codes or campaigns change', async () => {
    const { asked, validity, changed } = shop('REUSABLE');
    expect([await validity('yearend25'), await validity('YEAREND25')]).toEqual(['Y', 'Y']);
    expect(asked).toEqual(['YEAREND25']);
    changed('promo_codes');
    await validity('yearend25');
    changed('campaigns');
    await validity('yearend25');
    expect(asked).toEqual(['YEAREND25', 'YEAREND25', 'YEAREND25']);
  });

  it('reads a single-use code on every call: payments hold and use it', async () => {
    const { asked, validity } = shop('SINGLE_USE');
    await validity('YEAREND25');
    await validity('YEAREND25');
    expect(asked).toEqual(['YEAREND25', 'YEAREND25']);
  });

  it(`keeps at most ${MAX_KEPT_CODES} codes, the oldest dropped first`, async () => {
    const { asked, validity } = shop('REUSABLE');
    for (let index = 0; index <= MAX_KEPT_CODES; index += 1) await validity(`GUESS${index}`);
    expect(asked).toHaveLength(MAX_KEPT_CODES + 1);
    // The newest is still kept; the first was dropped to make room and is read again.
    await validity(`GUESS${MAX_KEPT_CODES}`);
    expect(asked).toHaveLength(MAX_KEPT_CODES + 1);
    await validity('GUESS0');
    expect(asked.at(-1)).toBe('GUESS0');
    expect(asked).toHaveLength(MAX_KEPT_CODES + 2);
  });
});
