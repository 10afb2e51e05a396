import type { Redis } from 'ioredis';

/**
 * Counters with a fixed window, for the limits a plain request count cannot express: wrong promo
 * codes, failed operations sign-ins, log rows and bytes (decision 027). Shared through Redis when
 * REDIS_URL is set, like the request limits (design section 8), so every instance sees one count.
 *
 * Each call checks and counts in one step (a Lua script on Redis), so a burst of parallel requests
 * cannot all pass a check made before any of them was counted.
 */
export type TLimitStore = {
  /** Adds `amount` to the counter (the window starts with the first add) and answers the new total. */
  add(key: string, amount: number, windowMs: number): Promise<TCount>;
  /**
   * Adds `member` to the set unless that would take it past `limit` members: a member already in
   * the set is always allowed, so only new members count.
   */
  addMember(key: string, member: string, limit: number, windowMs: number): Promise<TMemberAnswer>;
  /** Takes a member back out (a promo code that turned out to be right does not count). */
  removeMember(key: string, member: string): Promise<void>;
};

export type TCount = { count: number; retryAfterMs: number };
export type TMemberAnswer = { allowed: boolean; retryAfterMs: number };

const ADD_SCRIPT = `
local count = redis.call('INCRBY', KEYS[1], ARGV[1])
if count == tonumber(ARGV[1]) then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) ttl = tonumber(ARGV[2]) end
return { count, ttl }`;

const ADD_MEMBER_SCRIPT = `
if redis.call('SISMEMBER', KEYS[1], ARGV[1]) == 1 then return { 1, redis.call('PTTL', KEYS[1]) } end
local size = redis.call('SCARD', KEYS[1])
if size >= tonumber(ARGV[2]) then return { 0, redis.call('PTTL', KEYS[1]) } end
redis.call('SADD', KEYS[1], ARGV[1])
if size == 0 then redis.call('PEXPIRE', KEYS[1], ARGV[3]) end
return { 1, redis.call('PTTL', KEYS[1]) }`;

const PREFIX = 'lionrock-limit:';

/** The counters in Redis; while Redis does not answer, each instance counts on its own rather than not at all. */
export function createRedisLimitStore(redis: Redis, onError: (error: unknown) => void): TLimitStore {
  const fallback = createMemoryLimitStore();
  const guarded = async <T>(run: () => Promise<T>, instead: () => Promise<T>): Promise<T> => {
    if (redis.status !== 'ready') return instead();
    try {
      return await run();
    } catch (error) {
      onError(error);
      return instead();
    }
  };
  return {
    add: (key, amount, windowMs) =>
      guarded(
        async () => {
          const [count, ttl] = (await redis.eval(ADD_SCRIPT, 1, PREFIX + key, amount, windowMs)) as number[];
          return { count: count!, retryAfterMs: Math.max(0, ttl!) };
        },
        () => fallback.add(key, amount, windowMs),
      ),
    addMember: (key, member, limit, windowMs) =>
      guarded(
        async () => {
          const [allowed, ttl] = (await redis.eval(
            ADD_MEMBER_SCRIPT,
            1,
            PREFIX + key,
            member,
            limit,
            windowMs,
          )) as number[];
          return { allowed: allowed === 1, retryAfterMs: Math.max(0, ttl!) };
        },
        () => fallback.addMember(key, member, limit, windowMs),
      ),
    removeMember: (key, member) =>
      guarded(
        async () => {
          await redis.srem(PREFIX + key, member);
        },
        () => fallback.removeMember(key, member),
      ),
  };
}

type TEntry = { count: number; members: Set<string>; expiresAt: number };

/** The counters of one instance (no REDIS_URL). Expired windows are swept as keys accumulate. */
export function createMemoryLimitStore(now: () => number = Date.now): TLimitStore {
  const entries = new Map<string, TEntry>();
  let sweepAt = 10_000;
  const entry = (key: string, windowMs: number): TEntry => {
    const at = now();
    let found = entries.get(key);
    if (!found || found.expiresAt <= at) {
      found = { count: 0, members: new Set(), expiresAt: at + windowMs };
      entries.set(key, found);
      if (entries.size >= sweepAt) {
        for (const [name, value] of entries) if (value.expiresAt <= at) entries.delete(name);
        sweepAt = Math.max(10_000, entries.size * 2);
      }
    }
    return found;
  };
  return {
    async add(key, amount, windowMs) {
      const found = entry(key, windowMs);
      found.count += amount;
      return { count: found.count, retryAfterMs: found.expiresAt - now() };
    },
    async addMember(key, member, limit, windowMs) {
      const found = entry(key, windowMs);
      const allowed = found.members.has(member) || found.members.size < limit;
      if (allowed) found.members.add(member);
      return { allowed, retryAfterMs: found.expiresAt - now() };
    },
    async removeMember(key, member) {
      entries.get(key)?.members.delete(member);
    },
  };
}
