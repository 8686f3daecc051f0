import { systemClock, type Clock } from '../kernel/clock';

/** The first replacement waits this long; each other death of the last minute doubles it, up to RESTART_MAX_MS. */
const RESTART_FIRST_MS = 250;
const RESTART_MAX_MS = 30_000;
const DEATHS_REMEMBERED_MS = 60_000;

/**
 * How long the cluster's primary waits before replacing a worker that died (WORKERS): at once would turn a worker that crashes at every start into a fork loop
 * that starves the machine; a long fixed wait would leave one core idle after a lone crash.
 */
export class RestartBackoff {
  private deaths: number[] = [];

  constructor(private readonly clock: Clock = systemClock) {}

  /** Notes a death now; the milliseconds to wait before starting its replacement. */
  next(): number {
    const now = this.clock.now();
    this.deaths = [...this.deaths.filter((at) => at > now - DEATHS_REMEMBERED_MS), now];
    return Math.min(RESTART_MAX_MS, RESTART_FIRST_MS * 2 ** (this.deaths.length - 1));
  }
}
