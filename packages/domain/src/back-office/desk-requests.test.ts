import { describe, expect, it } from 'vitest';
import { DESK_RANGE_ORDER_MESSAGE, ZDeskRange, ZDeskRangeAsked } from './desk-requests.ts';

describe('the desk’s range (decision 083)', () => {
  it('leaves either day to the server’s default, and refuses a day not written YYYY-MM-DD', () => {
    expect(ZDeskRange.parse({})).toEqual({});
    expect(ZDeskRange.parse({ from: '2026-11-01' })).toEqual({ from: '2026-11-01' });
    const refused = ZDeskRange.safeParse({ from: '01/11/2026', to: '2026-11-3' });
    expect(refused.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['from', 'to']);
  });

  it('asks the agent for both days, the first not after the last (one day is a range)', () => {
    expect(ZDeskRangeAsked.safeParse({ from: '2026-11-29', to: '2026-11-29' }).success).toBe(true);
    const empty = ZDeskRangeAsked.safeParse({ from: '', to: '' });
    expect(empty.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['from', 'to']);
    const backwards = ZDeskRangeAsked.safeParse({ from: '2026-11-30', to: '2026-11-29' });
    expect(backwards.error?.issues).toMatchObject([{ path: ['from'], message: DESK_RANGE_ORDER_MESSAGE }]);
  });
});
