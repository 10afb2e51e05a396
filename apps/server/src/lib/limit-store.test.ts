import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryLimitStore, createRedisLimitStore, type TLimitStore } from './limit-store.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1, enableOfflineQueue: false });
const redisAnswers = await redis
  .connect()
  .then(() => true)
  .catch(() => false);
afterAll(() => redis.disconnect());

/** The same behaviour from both stores; the window is real time, kept short. */
function behavesAsALimitStore(name: string, store: () => TLimitStore, runIf = true) {
  describe.runIf(runIf)(name, () => {
    it('adds within a window, and starts again after it', async () => {
      const limits = store();
      const key = `count-${randomUUID()}`;
      expect((await limits.add(key, 1, 300)).count).toBe(1);
      expect((await limits.add(key, 5, 300)).count).toBe(6);
      const taken = await limits.add(key, -1, 300);
      expect(taken.count).toBe(5);
      expect(taken.retryAfterMs).toBeGreaterThan(0);
      expect(taken.retryAfterMs).toBeLessThanOrEqual(300);
      await new Promise((resolve) => setTimeout(resolve, 350));
      expect((await limits.add(key, 1, 300)).count).toBe(1);
    });

    it('backs off attempts: the free ones at once, then each wait twice the last; a refused one is not counted', async () => {
      const limits = store();
      const key = `backoff-${randomUUID()}`;
      const rule = { free: 2, baseMs: 150, capMs: 600, windowMs: 5000 };
      const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      expect((await limits.attempt(key, rule)).allowed).toBe(true);
      expect((await limits.attempt(key, rule)).allowed).toBe(true);
      const third = await limits.attempt(key, rule);
      expect(third.allowed).toBe(false);
      expect(third.retryAfterMs).toBeGreaterThan(0);
      expect(third.retryAfterMs).toBeLessThanOrEqual(150);
      // Refused tries do not push the wait further.
      for (let index = 0; index < 5; index += 1) await limits.attempt(key, rule);
      await sleep(170);
      expect((await limits.attempt(key, rule)).allowed).toBe(true);
      const fourth = await limits.attempt(key, rule);
      expect(fourth.allowed).toBe(false);
      expect(fourth.retryAfterMs).toBeGreaterThan(150);
      expect(fourth.retryAfterMs).toBeLessThanOrEqual(300);
      // Another key is its own.
      expect((await limits.attempt(`${key}-other`, rule)).allowed).toBe(true);
    });

    it('admits new members up to the limit, members already in at any time, and none past it', async () => {
      const limits = store();
      const key = `set-${randomUUID()}`;
      const answers = [];
      for (const member of ['a', 'b', 'c', 'a', 'd', 'b'])
        answers.push((await limits.addMember(key, member, 3, 1000)).allowed);
      expect(answers).toEqual([true, true, true, true, false, true]);
      await limits.removeMember(key, 'c');
      expect((await limits.addMember(key, 'd', 3, 1000)).allowed).toBe(true);
      expect((await limits.addMember(key, 'e', 3, 1000)).allowed).toBe(false);
    });

    it('lets no more than the limit through a parallel burst', async () => {
      const limits = store();
      const key = `burst-${randomUUID()}`;
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, index) => limits.addMember(key, `m${index}`, 10, 1000)),
      );
      expect(answers.filter((answer) => answer.allowed)).toHaveLength(10);
    });
  });
}

behavesAsALimitStore('the in-memory limit store', () => createMemoryLimitStore());
behavesAsALimitStore(
  'the Redis limit store',
  () =>
    createRedisLimitStore(redis, (error) => {
      throw error;
    }),
  redisAnswers,
);

describe('the Redis limit store without Redis', () => {
  it('counts on its own instead of not at all', async () => {
    const down = new Redis('redis://127.0.0.1:1', { lazyConnect: true, enableOfflineQueue: false });
    const limits = createRedisLimitStore(down, () => {});
    const key = `down-${randomUUID()}`;
    for (let index = 0; index < 3; index += 1)
      expect((await limits.addMember(key, `m${index}`, 3, 1000)).allowed).toBe(true);
    expect((await limits.addMember(key, 'm3', 3, 1000)).allowed).toBe(false);
    expect((await limits.add(key, 2, 1000)).count).toBe(2);
    down.disconnect();
  });
});

describe('the in-memory limit store over time', () => {
  it('counts a key from zero once its window has ended, with many keys about', async () => {
    let now = 0;
    const limits = createMemoryLimitStore(() => now);
    for (let index = 0; index < 10_000; index += 1) await limits.add(`old-${index}`, 1, 1000);
    now = 2000;
    await limits.add('fresh', 1, 1000);
    // A key whose window ended counts from zero again, whether or not it was swept.
    expect((await limits.add('old-1', 1, 1000)).count).toBe(1);
  });
});
