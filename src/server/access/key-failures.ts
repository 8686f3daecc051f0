import { systemClock, type Clock } from '../../kernel/clock';
import { RateLimiter, type LimitRule } from '../../upstream/rate-limiter';

/**
 * Wrong keys per address: each refused key pours one into the address's
 * bucket, which drains at `perMinute` a minute. While it is full, requests from that
 * address that present a key are refused with 429 before the key is looked at, so
 * guessing keys is slowed to that rate. Requests without a key are not affected; nor
 * are addresses that never send a wrong one.
 */
export class KeyFailures {
  private readonly limiter: RateLimiter;
  private readonly rule: LimitRule;

  constructor(
    readonly perMinute: number,
    clock: Clock = systemClock,
  ) {
    this.limiter = new RateLimiter(clock);
    this.rule = { kind: 'bucket', capacity: perMinute, drainPerSecond: perMinute / 60 };
  }

  /** Seconds until the address may try a key again; 0 when it may now. */
  lockedForSeconds(address: string): number {
    const standing = this.limiter.peek(address, this.rule);
    if (standing.remaining >= 1) return 0;
    return Math.max(1, Math.ceil(this.limiter.take(address, this.rule, 1).waitMs / 1000));
  }

  /** Counts one wrong key from the address. */
  failed(address: string): void {
    this.limiter.take(address, this.rule, 1);
  }
}
