import { backoffWaitMs, type TBackoffRule } from '@lionrock/domain/self-service/access-rules';
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
  /**
   * One attempt under exponential back-off (`backoffWaitMs`, decision 101): allowed when the wait the
   * attempts so far call for has passed since the last one, and then counted; a refused attempt is not
   * counted. `rule.windowMs` of quiet forgets the count.
   */
  attempt(key: string, rule: TBackoffRule): Promise<TMemberAnswer>;
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

// KEYS[1] the counter; ARGV: the window, then the wait before attempt n+1 for n = 0, 1, … (the last
// one for every n beyond), so the rule stays in the domain. Redis's own clock serves every instance.
const ATTEMPT_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local state = redis.call('HMGET', KEYS[1], 'count', 'last')
local count = tonumber(state[1]) or 0
local last = tonumber(state[2]) or 0
local waits = #ARGV - 1
local wait = tonumber(ARGV[math.min(count, waits - 1) + 2])
if count > 0 and now - last < wait then return { 0, wait - (now - last) } end
redis.call('HSET', KEYS[1], 'count', count + 1, 'last', now)
redis.call('PEXPIRE', KEYS[1], ARGV[1])
return { 1, 0 }`;

/** The waits `attempt` needs for n = 0 … until they stop growing (the rule's cap). */
function waitsOf(rule: TBackoffRule): number[] {
  const waits: number[] = [];
  for (let attempts = 0; attempts < 64; attempts += 1) {
    waits.push(backoffWaitMs(attempts, rule));
    if (attempts >= rule.free && waits.at(-1)! >= rule.capMs) break;
  }
  return waits;
}

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
    attempt: (key, rule) =>
      guarded(
        async () => {
          const windowMs = Math.max(rule.windowMs, rule.capMs);
          const [allowed, retryAfterMs] = (await redis.eval(
            ATTEMPT_SCRIPT,
            1,
            PREFIX + key,
            windowMs,
            ...waitsOf(rule),
          )) as number[];
          return { allowed: allowed === 1, retryAfterMs: Math.max(0, retryAfterMs!) };
        },
        () => fallback.attempt(key, rule),
      ),
  };
}

type TEntry = { count: number; members: Set<string>; expiresAt: number; lastAt: number };

/** The counters of one instance (no REDIS_URL). Expired windows are swept as keys accumulate. */
export function createMemoryLimitStore(now: () => number = Date.now): TLimitStore {
  const entries = new Map<string, TEntry>();
  let sweepAt = 10_000;
  const entry = (key: string, windowMs: number): TEntry => {
    const at = now();
    let found = entries.get(key);
    if (!found || found.expiresAt <= at) {
      found = { count: 0, members: new Set(), expiresAt: at + windowMs, lastAt: 0 };
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
    async attempt(key, rule) {
      const windowMs = Math.max(rule.windowMs, rule.capMs);
      const found = entry(`backoff:${key}`, windowMs);
      const at = now();
      const wait = backoffWaitMs(found.count, rule);
      if (found.count > 0 && at - found.lastAt < wait)
        return { allowed: false, retryAfterMs: wait - (at - found.lastAt) };
      found.count += 1;
      found.lastAt = at;
      found.expiresAt = at + windowMs;
      return { allowed: true, retryAfterMs: 0 };
    },
  };
}
