import { describe, expect, it } from 'vitest';
import { channelOf } from './dashboard-rules.ts';

describe('channelOf (decision 084)', () => {
  const defaults = new Set(['DEFAULT', 'DEFAULTHK']);
  it('names no agent and a default agent direct, a real agent agent', () => {
    expect(channelOf(null, defaults)).toBe('direct');
    expect(channelOf('  ', defaults)).toBe('direct');
    expect(channelOf('DEFAULTHK', defaults)).toBe('direct');
    expect(channelOf('AG1001', defaults)).toBe('agent');
  });
});
