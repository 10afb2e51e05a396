import { describe, expect, it } from 'vitest';
import {
  LINK_CODE_MAX,
  LINK_CONTENTS_MAX,
  LINK_COUNT_MAX,
  LINK_OCCUPATION_MAX,
  LINK_PLAN_MAX,
  quoteLinkRequestOf,
  ZDeskLinkRequest,
  ZQuoteLinkChoices,
  ZQuoteLinkRequest,
} from './quote-link-request.ts';

const link = { product: 'travel', market: 'SGP' } as const;
const paths = (result: { error?: { issues: { path: PropertyKey[] }[] } | undefined }) =>
  result.error?.issues.map((issue) => issue.path.join('.')) ?? [];

describe('the desk’s quote link requests (decision 090)', () => {
  it('keeps the bounds the server has taken since decision 090', () => {
    expect([LINK_CODE_MAX, LINK_COUNT_MAX, LINK_PLAN_MAX, LINK_OCCUPATION_MAX, LINK_CONTENTS_MAX]).toEqual([
      50, 20, 20, 10, 10_000_000,
    ]);
  });

  it('takes a plain link, its language English unless asked, codes trimmed', () => {
    expect(ZDeskLinkRequest.parse({ ...link, subAgentCode: ' S01 ' })).toEqual({
      ...link,
      lang: 'en',
      subAgentCode: 'S01',
    });
    expect(ZDeskLinkRequest.safeParse({ ...link, campaignCode: 'C'.repeat(LINK_CODE_MAX) }).success).toBe(
      true,
    );
  });

  it('takes a pre-filled link at every bound, filling the counts not given', () => {
    const parsed = ZQuoteLinkRequest.parse({
      ...link,
      prefill: {
        travel: {
          travellers: { travellerType: 'ID', individuals: LINK_COUNT_MAX },
          plan: 'P'.repeat(LINK_PLAN_MAX),
        },
      },
    });
    expect(parsed.prefill.travel?.travellers).toEqual({
      travellerType: 'ID',
      individuals: LINK_COUNT_MAX,
      adults: 0,
      children: 0,
    });
    expect(ZQuoteLinkRequest.parse(link).prefill).toEqual({});
    expect(
      ZQuoteLinkRequest.safeParse({
        ...link,
        product: 'pa',
        prefill: {
          pa: { occupation: 'O'.repeat(LINK_OCCUPATION_MAX), adults: 2, children: LINK_COUNT_MAX },
        },
      }).success,
    ).toBe(true);
    expect(
      ZQuoteLinkRequest.safeParse({
        ...link,
        product: 'home',
        prefill: { home: { contentsSumInsured: LINK_CONTENTS_MAX } },
      }).success,
    ).toBe(true);
  });

  it('refuses each bound plus one, naming every field at once', () => {
    const result = ZQuoteLinkRequest.safeParse({
      ...link,
      subAgentCode: 'S'.repeat(LINK_CODE_MAX + 1),
      campaignCode: 'C'.repeat(LINK_CODE_MAX + 1),
      prefill: {
        travel: {
          travellers: { travellerType: 'FM', adults: LINK_COUNT_MAX + 1, children: -1 },
          plan: 'P'.repeat(LINK_PLAN_MAX + 1),
        },
        pa: { occupation: 'O'.repeat(LINK_OCCUPATION_MAX + 1), adults: 3, children: LINK_COUNT_MAX + 1 },
        home: { contentsSumInsured: LINK_CONTENTS_MAX + 1, dwellingType: 'CASTLE' },
      },
    });
    expect(paths(result)).toEqual([
      'subAgentCode',
      'campaignCode',
      'prefill.travel.travellers.adults',
      'prefill.travel.travellers.children',
      'prefill.travel.plan',
      'prefill.pa.occupation',
      'prefill.pa.adults',
      'prefill.pa.children',
      'prefill.home.dwellingType',
      'prefill.home.contentsSumInsured',
    ]);
  });

  it('refuses a field that is not a quote form’s choice: nothing personal goes in a link', () => {
    const result = ZQuoteLinkRequest.safeParse({ ...link, prefill: { travel: { email: 'a@b.example' } } });
    expect(paths(result)).toEqual(['prefill.travel']);
  });

  it('checks the choices where the desk’s form holds them, and makes the request sent from them', () => {
    const refused = ZQuoteLinkChoices.safeParse({ ...link, travel: { plan: 'P'.repeat(LINK_PLAN_MAX + 1) } });
    expect(paths(refused)).toEqual(['travel.plan']);
    const choices = ZQuoteLinkChoices.parse({ ...link, lang: 'zh', travel: { destination: '3' } });
    expect(quoteLinkRequestOf(choices)).toEqual({
      ...link,
      lang: 'zh',
      prefill: { travel: { destination: '3' } },
    });
    expect(ZQuoteLinkRequest.parse(quoteLinkRequestOf(choices))).toEqual(quoteLinkRequestOf(choices));
  });
});
