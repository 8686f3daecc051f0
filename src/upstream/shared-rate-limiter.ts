import { randomBytes } from 'node:crypto';
import type Redis from 'ioredis';
import { systemClock, type Clock } from '../kernel/clock';
import { RateLimiter, shareOf, type Admission, type LimitRule } from './rate-limiter';
import type { SharedRedis } from './shared-redis';
import {
  RECOVERY_MS,
  RECOVERY_STEPS,
  recoveredRule,
  supersedes,
  type CoordinatedLimiter,
  type Lesson,
  type LocalLimiter,
  type SharedAdmission,
  type Told,
} from './coordinated-limiter';

export type { SharedAdmission, Told } from './coordinated-limiter';

export interface SharedRateLimiterOptions {
  /** Prepended to every key (after ioredis's own prefix): e.g. `pace:agriculture:`. */
  namespace: string;
  /** The `operation` label of `loccode_redis_fallbacks_total`. */
  operation: string;
  /** Replicas sharing the rules: while Redis is unreachable this one keeps 1/replicas of each. */
  replicas: number;
  clock?: Clock;
  /**
   * Where this replica's share is kept: its own memory by default; with WORKERS, the cluster's
   * primary, so that the workers of one replica hold its share together.
   */
  local?: LocalLimiter;
}

/** Drained state is kept this long past its last moment, so replicas whose clocks differ a little agree. */
const EXPIRY_MARGIN_MS = 1000;

/*
 * The math of rate-limiter.ts (takeFromBucket, takeFromWindow), line for line, in Lua over
 * the same state: a bucket is one number (`emptyAt`, a string at full precision), a window
 * the times its units were taken (a sorted set, so replicas whose calls reach Redis out of
 * order still keep it sorted). `now` comes from the caller's Clock, never from Redis, so
 * replicas (and tests on a fake clock) agree by construction. The told hash holds a pause
 * (`until`) and a lesson (`a`, `b`, `at`), which lowers the documented rule as
 * recoveredRule (coordinated-limiter.ts) does, step for step.
 * KEYS: state, told. ARGV: now, kind, a (limit | capacity), b (windowMs | drainPerSecond), ...
 */
const PRELUDE = `
local now = tonumber(ARGV[1])
local kind = ARGV[2]
local a = tonumber(ARGV[3])
local b = tonumber(ARGV[4])
local told = redis.call('HMGET', KEYS[2], 'until', 'a', 'b', 'at')
local pausedUntil = tonumber(told[1]) or 0
local la, lb, learnedAt = tonumber(told[2]), tonumber(told[3]), tonumber(told[4])
local lowered = 0
if la and learnedAt and la < a then
  local steps = math.max(0, math.floor((now - learnedAt) / ${RECOVERY_MS / RECOVERY_STEPS}))
  if steps < ${RECOVERY_STEPS} then
    lowered = 1
    a = math.floor(la + (a - la) * steps / ${RECOVERY_STEPS})
    if kind == 'bucket' then b = lb + (b - lb) * steps / ${RECOVERY_STEPS} end
  end
end
local function fmt(x) return string.format('%.17g', x) end
local function answer(allowed, waitMs, remaining, fullInMs)
  return { allowed and '1' or '0', fmt(waitMs), fmt(remaining), fmt(fullInMs), fmt(pausedUntil), tostring(lowered), fmt(a), fmt(b),
    fmt(la or 0), fmt(lb or 0), fmt(learnedAt or 0) }
end
local function emptyAt()
  return tonumber(redis.call('GET', KEYS[1])) or now
end
local function saveEmptyAt(at)
  if at > now then
    redis.call('SET', KEYS[1], fmt(at), 'PX', math.ceil(at - now) + ${EXPIRY_MARGIN_MS})
  else
    redis.call('DEL', KEYS[1])
  end
end
local function expireWindow()
  local last = redis.call('ZRANGE', KEYS[1], -1, -1, 'WITHSCORES')
  if last[2] then redis.call('PEXPIRE', KEYS[1], math.ceil(tonumber(last[2]) + b - now) + ${EXPIRY_MARGIN_MS}) end
end
local function admitToBucket(cost, write)
  local msPerUnit = 1000 / b
  local level = math.max(0, emptyAt() - now) / msPerUnit
  local allowed = cost == 0 or level + cost <= a
  local after = level
  if allowed then after = level + cost end
  if allowed and write then saveEmptyAt(now + after * msPerUnit) end
  local waitMs = 0
  if not allowed then waitMs = math.max(1, math.ceil((level + cost - a) * msPerUnit)) end
  return answer(allowed, waitMs, math.max(0, math.floor(a - after)), math.ceil(after * msPerUnit))
end
local function admitToWindow(cost, write, token)
  local bound = fmt(now - b)
  local expired = 0
  if write then
    redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', bound)
  else
    expired = redis.call('ZCOUNT', KEYS[1], '-inf', bound)
  end
  local count = redis.call('ZCARD', KEYS[1]) - expired
  local allowed = count + cost <= a
  local waitMs = 0
  if allowed then
    if write then
      for unit = 1, cost do redis.call('ZADD', KEYS[1], fmt(now), token .. ':' .. unit) end
      expireWindow()
    end
    count = count + cost
  else
    -- The unit whose leaving makes room for this cost.
    local index = count + cost - a - 1
    local freeing = now
    if index >= 0 and index < count then
      freeing = tonumber(redis.call('ZRANGE', KEYS[1], expired + index, expired + index, 'WITHSCORES')[2])
    end
    waitMs = math.max(1, freeing + b - now)
  end
  local fullInMs = 0
  if count > 0 then
    if allowed and cost > 0 and not write then
      fullInMs = b
    else
      fullInMs = tonumber(redis.call('ZRANGE', KEYS[1], -1, -1, 'WITHSCORES')[2]) + b - now
    end
  end
  return answer(allowed, waitMs, a - count, fullInMs)
end
local function admit(cost, write, token, heedPause)
  if heedPause and pausedUntil > now then return answer(false, pausedUntil - now, 0, 0) end
  if kind == 'bucket' then return admitToBucket(cost, write) end
  return admitToWindow(cost, write, token)
end
`;

const SCRIPTS = {
  /** ARGV[5]: cost, ARGV[6]: a token unique to this take (a window's members). */
  limiterTake: `${PRELUDE}\nreturn admit(tonumber(ARGV[5]), true, ARGV[6], true)`,
  /** The standing, nothing spent: a take of 0, which a pause does not refuse. */
  limiterPeek: `${PRELUDE}\nreturn admit(0, true, '', false)`,
  /** ARGV[5]: cost. The rule's own wait for the cost, pause aside, nothing written (RateLimiter.waitMs). */
  limiterWait: `${PRELUDE}\nreturn admit(tonumber(ARGV[5]), false, '', false)`,
  /** ARGV[5]: cost. The newest units of a window go; a bucket's level drops by the cost. */
  limiterGiveBack: `${PRELUDE}
local cost = tonumber(ARGV[5])
if kind == 'bucket' then
  saveEmptyAt(math.max(now, emptyAt() - (cost * 1000) / b))
else
  redis.call('ZPOPMAX', KEYS[1], cost)
  expireWindow()
end
return 1`,
  /** ARGV[5]: atMs. A bucket with room for one unit at atMs. */
  limiterFullAt: `${PRELUDE}
if kind == 'bucket' then saveEmptyAt(math.max(emptyAt(), tonumber(ARGV[5]) + ((a - 1) * 1000) / b)) end
return 1`,
  /**
   * ARGV[5..]: a replica's own units of a window (time, member pairs) still in it, written
   * back after Redis could not be reached: those Redis kept are the same members again.
   */
  limiterRestore: `${PRELUDE}
if kind == 'window' then
  for i = 5, #ARGV, 2 do
    if tonumber(ARGV[i]) > now - b then redis.call('ZADD', KEYS[1], ARGV[i], ARGV[i + 1]) end
  end
  expireWindow()
end
return 1`,
  /**
   * ARGV[5]: paused until (ms); ARGV[6..8]: a learned rule's a and b, and when it was learned
   * ('' when none). Pauses only lengthen; a lesson replaces the one held when it is no higher
   * than the rule in force (supersedes), and the hash lives until the later of its ends.
   */
  limiterTell: `${PRELUDE}
local untilMs = math.max(pausedUntil, tonumber(ARGV[5]))
redis.call('HSET', KEYS[2], 'until', fmt(untilMs))
local ttl = math.max(redis.call('PTTL', KEYS[2]), math.ceil(untilMs - now) + ${EXPIRY_MARGIN_MS})
if ARGV[6] ~= '' and tonumber(ARGV[6]) <= a then
  redis.call('HSET', KEYS[2], 'a', ARGV[6], 'b', ARGV[7], 'at', ARGV[8])
  ttl = math.max(ttl, math.ceil(tonumber(ARGV[8]) + ${RECOVERY_MS} - now) + ${EXPIRY_MARGIN_MS})
end
redis.call('PEXPIRE', KEYS[2], ttl)
return 1`,
} as const;

type ScriptName = keyof typeof SCRIPTS;
type Scripted = Record<ScriptName, (...keysAndArgs: string[]) => Promise<unknown>>;

const defined = new WeakSet<Redis>();

/** ioredis sends each script by its SHA and loads it again itself after a Redis restart (NOSCRIPT). */
function scripted(redis: Redis): Scripted {
  if (!defined.has(redis)) {
    for (const [name, lua] of Object.entries(SCRIPTS)) redis.defineCommand(name, { numberOfKeys: 2, lua });
    defined.add(redis);
  }
  return redis as unknown as Scripted;
}

/** `a` and `b` of a rule as the scripts read them. */
function ruleArgs(rule: LimitRule): [string, string, string] {
  return rule.kind === 'window'
    ? ['window', String(rule.limit), String(rule.windowMs)]
    : ['bucket', String(rule.capacity), String(rule.drainPerSecond)];
}

function ruleOf(kind: string, a: number, b: number): LimitRule {
  return kind === 'window'
    ? { kind: 'window', limit: a, windowMs: b }
    : { kind: 'bucket', capacity: a, drainPerSecond: b };
}

/**
 * The RateLimiter's rules kept in Redis, for every replica at once: one budget
 * per key however many replicas take from it. Each operation is one atomic script. When
 * Redis cannot answer (down, slow), SharedRedis.run answers from a local RateLimiter at
 * this replica's share of the rule (shareOf), and counts the fallback.
 *
 * The local limiter also counts what this replica took while Redis answered, so that when
 * Redis goes away a replica's share starts with its own recent units already in it: with
 * the load spread evenly, the replicas together stay under the rule across the outage.
 * And each replica remembers its own units of every window (time and member), and writes
 * them back once Redis answers again: a Redis that restarted empty learns the calls made
 * during and before the outage, one that kept its data sees the same members again. (A
 * bucket's level is not written back: a restart forgets it, at most one burst.) The lesson
 * Redis last answered with is kept too, so that the local share recovers from it alike.
 */
export class SharedRateLimiter implements CoordinatedLimiter {
  private readonly local: LocalLimiter;
  private readonly clock: Clock;
  /** Window members must be unique across replicas: this replica's id and a counter. */
  private readonly replicaId = randomBytes(6).toString('hex');
  private takes = 0;
  /** This replica's units of each window key still in it, oldest first. */
  private readonly journal = new Map<string, { rule: LimitRule; units: Array<[number, string]> }>();
  /** Set by a fallback: the journal is written back with the next command Redis answers. */
  private restoreDue = false;
  /** The writing back under way, which every command waits for. */
  private restoring?: Promise<void>;
  /** When this replica last answered from its local share. */
  private lastFallbackAt = Number.NEGATIVE_INFINITY;
  /** Each key's lesson as Redis last told it (or this replica told Redis), for the local share. */
  private readonly lessons = new Map<string, Lesson>();

  constructor(
    private readonly redis: SharedRedis,
    private readonly options: SharedRateLimiterOptions,
  ) {
    this.clock = options.clock ?? systemClock;
    this.local = options.local ?? new RateLimiter(this.clock);
    // Back from an outage: written back at once, before the other replicas' next calls count on Redis.
    redis.onUp(() => {
      if (this.restoreDue)
        void this.redis.run(
          this.options.operation,
          (client) => this.restored(client),
          () => undefined,
        );
    });
  }

  /**
   * Whether Redis answered this replica for the whole of the last `windowMs`, and what it
   * took meanwhile is written back: a count read now holds all its calls of that window.
   */
  answeredThroughout(windowMs: number): boolean {
    return this.clock.now() - this.lastFallbackAt > windowMs && !this.restoreDue && !this.restoring;
  }

  /** Takes `cost` units when they fit, and not while the key is paused; otherwise says when they would. */
  async take(key: string, rule: LimitRule, cost = 1): Promise<SharedAdmission> {
    this.takes += 1;
    const token = `${this.replicaId}:${this.takes}`;
    const now = this.clock.now();
    let fellBack = false;
    const admission = await this.admission(
      key,
      rule,
      'limiterTake',
      [String(cost), token],
      () => {
        fellBack = true;
        return this.local.take(key, this.share(key, rule, now), cost);
      },
      now,
    );
    if (!admission.allowed || cost === 0) return admission;
    // Taken in Redis: counted in this replica's share too (when it fits there), for the day Redis is gone.
    if (!fellBack) await this.local.take(key, this.share(key, rule, now), cost);
    if (rule.kind === 'window') this.remember(key, rule, now, token, cost);
    return admission;
  }

  /** The standing, nothing spent. */
  peek(key: string, rule: LimitRule): Promise<SharedAdmission> {
    return this.admission(key, rule, 'limiterPeek', [], () => this.local.peek(key, this.share(key, rule)));
  }

  /** Milliseconds until `cost` would fit under the rule (a pause aside), nothing taken. */
  async waitMs(key: string, rule: LimitRule, cost = 1): Promise<number> {
    const reply = await this.run(key, rule, 'limiterWait', [String(cost)], () =>
      this.local.waitMs(key, this.share(key, rule), cost),
    );
    return typeof reply === 'number' ? reply : Number((reply as string[])[1]);
  }

  /** Returns `cost` units taken for a call that was refused after all. */
  async giveBack(key: string, rule: LimitRule, cost = 1): Promise<void> {
    await this.run(key, rule, 'limiterGiveBack', [String(cost)], () => undefined);
    await this.local.giveBack(key, this.share(key, rule), cost);
    this.journal.get(key)?.units.splice(-cost, cost);
  }

  /** A bucket with room for one unit at `atMs`, then its drain rate, without a burst. */
  async fullAt(key: string, rule: LimitRule, atMs: number): Promise<void> {
    if (rule.kind !== 'bucket') return;
    await this.run(key, rule, 'limiterFullAt', [String(atMs)], () =>
      this.local.fullAt(key, this.share(key, rule), atMs),
    );
  }

  /**
   * Records what the upstream told, for every replica: no unit of `key` goes before
   * `pausedUntil`, and `told.rule` (learned at `told.learnedAt`) lowers the documented
   * `rule` while it recovers. Without Redis, this replica's own memory of it is all there is.
   */
  async tell(key: string, rule: LimitRule, told: Told): Promise<void> {
    const now = this.clock.now();
    let lesson: string[] = ['', '', ''];
    if (told.rule) {
      const learned = { rule: told.rule, learnedAt: told.learnedAt ?? now };
      if (supersedes(rule, this.lessons.get(key), learned.rule, now)) this.lessons.set(key, learned);
      lesson = [...ruleArgs(told.rule).slice(1), String(learned.learnedAt)];
    }
    await this.run(key, rule, 'limiterTell', [String(told.pausedUntil), ...lesson], () => undefined, now);
  }

  /** This replica's share of the rule as lowered by the lesson it knows of. */
  private share(key: string, rule: LimitRule, now = this.clock.now()): LimitRule {
    return shareOf(recoveredRule(rule, this.lessons.get(key), now), this.options.replicas);
  }

  /** Notes units taken at `now` (members as the take script names them), forgetting those out of the window. */
  private remember(
    key: string,
    rule: LimitRule & { kind: 'window' },
    now: number,
    token: string,
    cost: number,
  ) {
    let entry = this.journal.get(key);
    if (!entry) {
      entry = { rule, units: [] };
      this.journal.set(key, entry);
    }
    entry.rule = rule;
    for (let unit = 1; unit <= cost; unit += 1) entry.units.push([now, `${token}:${unit}`]);
    const gone = entry.units.findIndex(([at]) => at > now - rule.windowMs);
    entry.units.splice(0, gone < 0 ? entry.units.length : gone);
  }

  /** Resolves once this replica's units are written back, when a fallback made that due. */
  private async restored(redis: Redis): Promise<void> {
    if (this.restoreDue) {
      this.restoreDue = false;
      this.restoring = this.restore(redis).finally(() => (this.restoring = undefined));
    }
    await this.restoring;
  }

  /** Writes this replica's recent units back after a fallback (see the class comment). */
  private async restore(redis: Redis): Promise<void> {
    try {
      for (const [key, { rule, units }] of this.journal) {
        if (units.length === 0) continue;
        const name = `{${this.options.namespace}${key}}`;
        const argv = [
          String(this.clock.now()),
          ...ruleArgs(rule),
          ...units.flatMap(([at, member]) => [String(at), member]),
        ];
        await scripted(redis).limiterRestore(name, `${name}:told`, ...argv);
      }
    } catch (error) {
      this.restoreDue = true;
      throw error;
    }
  }

  private async admission(
    key: string,
    rule: LimitRule,
    script: ScriptName,
    args: string[],
    local: () => Admission | Promise<Admission>,
    now?: number,
  ): Promise<SharedAdmission> {
    const reply = await this.run(key, rule, script, args, local, now);
    if (!Array.isArray(reply)) return reply as Admission;
    const [allowed, waitMs, remaining, fullInMs, pausedUntil, lowered, a, , la, lb, learnedAt] = (
      reply as string[]
    ).map(Number);
    // A window's lesson keeps the documented window; a bucket's lowers its rate as well.
    const lesson: Lesson | undefined =
      lowered === 1
        ? {
            rule: rule.kind === 'window' ? { ...rule, limit: la! } : ruleOf('bucket', la!, lb!),
            learnedAt: learnedAt!,
          }
        : undefined;
    if (lesson) this.lessons.set(key, lesson);
    else this.lessons.delete(key);
    return {
      allowed: allowed === 1,
      waitMs: waitMs!,
      limit: a!,
      remaining: remaining!,
      fullInMs: fullInMs!,
      told: { pausedUntil: pausedUntil!, ...lesson },
    };
  }

  private run<T>(
    key: string,
    rule: LimitRule,
    script: ScriptName,
    args: string[],
    local: () => T | Promise<T>,
    now = this.clock.now(),
  ) {
    // One hash tag for both keys: a script's keys must live in one slot of a Redis Cluster.
    const name = `{${this.options.namespace}${key}}`;
    const argv = [String(now), ...ruleArgs(rule), ...args];
    return this.redis.run<unknown>(
      this.options.operation,
      async (redis) => {
        await this.restored(redis);
        return scripted(redis)[script](name, `${name}:told`, ...argv);
      },
      () => {
        this.restoreDue = true;
        this.lastFallbackAt = this.clock.now();
        return local();
      },
    );
  }
}
