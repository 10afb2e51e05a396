import { describe, expect, it } from 'vitest';
import {
  BANNER_REORDER_MAX,
  BANNER_TEXT_MAX,
  BANNER_TITLE_MAX,
  BANNER_URL_MAX,
  NOTICE_DETAILS_MAX,
  NOTICE_MESSAGE_MAX,
  ZBanner,
  ZBannerChange,
  ZBannerReorder,
  ZFlagsChange,
  ZNotice,
  ZNoticeChange,
} from './system-requests.ts';

const NOTICE = {
  country: 'HKG',
  messageEn: ' Upgrade on Sunday 01:00-05:00 ',
  messageZh: '星期日 01:00-05:00 系統升級',
  active: true,
  startsAt: '2026-11-01T00:00:00Z',
  endsAt: null,
} as const;
const BANNER = {
  country: 'SGP',
  product: 'PTR',
  titleEn: 'Year-end getaway',
  titleZh: '年终出游',
  url: 'https://www.lionrock.example/offer',
} as const;

/** The paths the schema refuses a request at (each once). */
const refused = (result: { error?: { issues: { path: PropertyKey[] }[] } }) =>
  [...new Set(result.error?.issues.map((issue) => issue.path.join('.')) ?? [])].sort();

describe('the system settings requests (decision 123)', () => {
  it('keeps the bounds the routes had', () => {
    expect({
      NOTICE_MESSAGE_MAX,
      NOTICE_DETAILS_MAX,
      BANNER_TITLE_MAX,
      BANNER_TEXT_MAX,
      BANNER_URL_MAX,
      BANNER_REORDER_MAX,
    }).toEqual({
      NOTICE_MESSAGE_MAX: 300,
      NOTICE_DETAILS_MAX: 2000,
      BANNER_TITLE_MAX: 200,
      BANNER_TEXT_MAX: 1000,
      BANNER_URL_MAX: 500,
      BANNER_REORDER_MAX: 100,
    });
  });

  it('changes at least one flag, each a yes or no', () => {
    expect(ZFlagsChange.parse({ privateMode: true })).toEqual({ privateMode: true });
    expect(ZFlagsChange.safeParse({}).success).toBe(false);
    expect(ZFlagsChange.safeParse({ privateMode: 'yes' }).success).toBe(false);
  });

  it('takes a notice with its texts trimmed, and refuses every wrong field at once', () => {
    expect(ZNotice.parse(NOTICE).messageEn).toBe('Upgrade on Sunday 01:00-05:00');
    expect(
      refused(
        ZNotice.safeParse({
          country: 'MYS',
          messageEn: ' ',
          messageZh: '',
          startsAt: '1 November',
          endsAt: '',
        }),
      ),
    ).toEqual(['country', 'endsAt', 'messageEn', 'messageZh', 'startsAt']);
  });

  it('holds each bound of a notice', () => {
    const at = (change: Record<string, unknown>) => refused(ZNotice.safeParse({ ...NOTICE, ...change }));
    expect(
      at({ messageEn: 'a'.repeat(NOTICE_MESSAGE_MAX), messageZh: '中'.repeat(NOTICE_MESSAGE_MAX) }),
    ).toEqual([]);
    expect(at({ messageEn: 'a'.repeat(NOTICE_MESSAGE_MAX + 1) })).toEqual(['messageEn']);
    expect(at({ messageZh: '中'.repeat(NOTICE_MESSAGE_MAX + 1) })).toEqual(['messageZh']);
    expect(
      at({ longMessageEn: 'a'.repeat(NOTICE_DETAILS_MAX), longMessageZh: '中'.repeat(NOTICE_DETAILS_MAX) }),
    ).toEqual([]);
    expect(at({ longMessageEn: 'a'.repeat(NOTICE_DETAILS_MAX + 1) })).toEqual(['longMessageEn']);
    expect(at({ longMessageZh: 'a'.repeat(NOTICE_DETAILS_MAX + 1) })).toEqual(['longMessageZh']);
    expect(at({ startsAt: '2026-11-01T08:00:00+08:00' })).toEqual([]);
    expect(at({ startsAt: '2026-11-01' })).toEqual(['startsAt']);
  });

  it('holds each bound of a banner, its link a web address', () => {
    const at = (change: Record<string, unknown>) => refused(ZBanner.safeParse({ ...BANNER, ...change }));
    expect(at({})).toEqual([]);
    expect(at({ titleEn: 'a'.repeat(BANNER_TITLE_MAX), titleZh: '中'.repeat(BANNER_TITLE_MAX) })).toEqual([]);
    expect(at({ titleEn: 'a'.repeat(BANNER_TITLE_MAX + 1) })).toEqual(['titleEn']);
    expect(at({ titleZh: '' })).toEqual(['titleZh']);
    expect(at({ contentEn: 'a'.repeat(BANNER_TEXT_MAX) })).toEqual([]);
    expect(at({ contentEn: 'a'.repeat(BANNER_TEXT_MAX + 1) })).toEqual(['contentEn']);
    expect(at({ contentZh: 'a'.repeat(BANNER_TEXT_MAX + 1) })).toEqual(['contentZh']);
    const link = 'https://www.lionrock.example/';
    expect(at({ url: link + 'a'.repeat(BANNER_URL_MAX - link.length) })).toEqual([]);
    expect(at({ url: link + 'a'.repeat(BANNER_URL_MAX - link.length + 1) })).toEqual(['url']);
    expect(at({ url: 'javascript:alert(1)' })).toEqual(['url']);
    expect(at({ url: null })).toEqual([]);
    expect(at({ product: 'CAR' })).toEqual(['product']);
  });

  it('changes any field of a notice or banner by the same rules', () => {
    expect(ZNoticeChange.parse({ endsAt: null })).toEqual({ endsAt: null });
    expect(refused(ZNoticeChange.safeParse({ messageEn: '' }))).toEqual(['messageEn']);
    expect(refused(ZBannerChange.safeParse({ titleEn: 'a'.repeat(BANNER_TITLE_MAX + 1) }))).toEqual([
      'titleEn',
    ]);
  });

  it('reorders one list of banners', () => {
    expect(ZBannerReorder.safeParse({ ids: [3, 1, 2] }).success).toBe(true);
    expect(ZBannerReorder.safeParse({ ids: [] }).success).toBe(false);
    expect(ZBannerReorder.safeParse({ ids: [0] }).success).toBe(false);
    expect(
      ZBannerReorder.safeParse({ ids: Array.from({ length: BANNER_REORDER_MAX }, (_, i) => i + 1) }).success,
    ).toBe(true);
    expect(
      ZBannerReorder.safeParse({ ids: Array.from({ length: BANNER_REORDER_MAX + 1 }, (_, i) => i + 1) })
        .success,
    ).toBe(false);
  });
});
