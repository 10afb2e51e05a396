import { describe, expect, it, vi } from 'vitest';
import { createTableCache, type TChangeNotifier } from './change-notifier.ts';

function fakeNotifier() {
  const subscribers: { tables: string[]; onChange: () => void }[] = [];
  const notifier: TChangeNotifier = {
    subscribe: (tables, onChange) => subscribers.push({ tables, onChange }),
    close: async () => undefined,
  };
  const change = (table: string) => {
    for (const subscriber of subscribers) if (subscriber.tables.includes(table)) subscriber.onChange();
  };
  return { notifier, change };
}

describe('table cache', () => {
  it('loads once, reloads after its table changes, and ignores other tables', async () => {
    const { notifier, change } = fakeNotifier();
    const load = vi.fn(async () => load.mock.calls.length);
    const cache = createTableCache(notifier, ['banners'], load);
    expect(await cache.get()).toBe(1);
    expect(await cache.get()).toBe(1);
    change('system_flags');
    expect(await cache.get()).toBe(1);
    change('banners');
    expect(await cache.get()).toBe(2);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('runs a lazy thenable loader once, however often the cached value is awaited', async () => {
    const { notifier } = fakeNotifier();
    let runs = 0;
    // Like a Drizzle query builder: every then() runs the query again.
    // biome-ignore lint/suspicious/noThenProperty: the test imitates a lazy thenable on purpose
    const lazy = { then: (resolve: (value: number) => void) => resolve(++runs) };
    const cache = createTableCache(notifier, ['banners'], () => lazy as unknown as Promise<number>);
    for (let index = 0; index < 5; index += 1) expect(await cache.get()).toBe(1);
    expect(runs).toBe(1);
  });

  it('reloads after its time to live, and never keeps a failed load', async () => {
    const { notifier } = fakeNotifier();
    let clock = 0;
    let fail = true;
    const load = vi.fn(async () => {
      if (fail) throw new Error('database down');
      return clock;
    });
    const cache = createTableCache(notifier, ['banners'], load, { ttlMs: 1000, now: () => clock });
    await expect(cache.get()).rejects.toThrow('database down');
    fail = false;
    expect(await cache.get()).toBe(0);
    clock = 999;
    expect(await cache.get()).toBe(0);
    clock = 1000;
    expect(await cache.get()).toBe(1000);
    cache.invalidate();
    clock = 1001;
    expect(await cache.get()).toBe(1001);
  });
});
