import { describe, expect, it } from 'vitest';
import { createPausePoints, NO_PAUSES, pauseLine } from './pause-points.ts';

const settled = async (promise: Promise<void>) =>
  Promise.race([promise.then(() => true), new Promise<boolean>((resolve) => setTimeout(resolve, 50, false))]);

describe('pause points (decision 108)', () => {
  it('stops at an armed point after writing its line, and passes the others', async () => {
    const lines: string[] = [];
    const pause = createPausePoints({ isProduction: false, pausePoints: ['paid-before-issue'] }, (line) =>
      lines.push(line),
    );
    expect(await settled(pause('card-answer-before-record', 'TSG-261123-AAAA2222'))).toBe(true);
    expect(lines).toEqual([]);
    expect(await settled(pause('paid-before-issue', 'payment-1'))).toBe(false);
    expect(lines).toEqual([`${pauseLine('paid-before-issue', 'payment-1')}\n`]);
  });

  it('is the no-op constant in prod and when nothing is armed', () => {
    const write = () => {
      throw new Error('no line may be written');
    };
    expect(createPausePoints({ isProduction: true, pausePoints: ['paid-before-issue'] }, write)).toBe(
      NO_PAUSES,
    );
    expect(createPausePoints({ isProduction: false, pausePoints: [] }, write)).toBe(NO_PAUSES);
  });
});
