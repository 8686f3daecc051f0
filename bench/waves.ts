import type { LoggedRequest } from '../src/sandbox/kit/controls';

/** One upstream call as the sandbox's request log has it: its operation, when it arrived and how long its answer took, ms. */
export type LoggedCall = Pick<LoggedRequest, 'at' | 'durationMs' | 'operation'>;

/**
 * Where an upstream latency row's time goes (the 80 ms rows), as the sandbox saw it.
 * A wave is the upstream calls that ten requests in a closed loop share: it begins with its
 * first call's arrival and ends with the next wave's. Means over the measured waves, so that
 * the two parts add up to the wave, and connections / wave is the rate.
 */
export interface WaveParts {
  /** From a wave's first call to the next wave's first call. */
  waveMs: number;
  /** From the wave's first call to the sandbox's last answer: the latency, the sandbox's work, and the order the calls came in. */
  upstreamMs: number;
  /**
   * From that last answer to the next wave's first call: the gateway reading it and answering,
   * the load generator sending its next requests, and the gateway again up to its first call.
   */
  gatewayMs: number;
  waves: number;
  /**
   * In how many waves each operation was the first call in, and the last answer out. The
   * sandbox serves its four services on one thread, so the order a gateway sends its calls
   * in moves the last answer: an expensive operation sent last is worked on last.
   */
  firstCall: Record<string, number>;
  lastAnswer: Record<string, number>;
}

/**
 * The waves of `calls` (a call that arrives before every earlier call is answered joins the
 * wave; one that arrives after begins the next). The first wave is left out, as the one the
 * load began in, and the last has no next to end it. Undefined with fewer than three waves.
 */
export function waveParts(calls: readonly LoggedCall[]): WaveParts | undefined {
  const waves: Array<{ first: number; firstOperation: string; lastAnswer: number; lastOperation: string }> =
    [];
  for (const call of [...calls].sort((a, b) => a.at - b.at)) {
    const answered = call.at + call.durationMs;
    const current = waves.at(-1);
    if (current && call.at < current.lastAnswer) {
      if (answered > current.lastAnswer) {
        current.lastAnswer = answered;
        current.lastOperation = call.operation;
      }
    } else {
      waves.push({
        first: call.at,
        firstOperation: call.operation,
        lastAnswer: answered,
        lastOperation: call.operation,
      });
    }
  }
  const measured = waves.length - 2;
  if (measured < 1) return undefined;
  let upstream = 0;
  let gateway = 0;
  const firstCall: Record<string, number> = {};
  const lastAnswer: Record<string, number> = {};
  for (let i = 1; i <= measured; i += 1) {
    const wave = waves[i]!;
    upstream += wave.lastAnswer - wave.first;
    gateway += waves[i + 1]!.first - wave.lastAnswer;
    tally(firstCall, wave.firstOperation, 1);
    tally(lastAnswer, wave.lastOperation, 1);
  }
  return {
    waveMs: (upstream + gateway) / measured,
    upstreamMs: upstream / measured,
    gatewayMs: gateway / measured,
    waves: measured,
    firstCall,
    lastAnswer,
  };
}

function tally(into: Record<string, number>, operation: string, waves: number): void {
  into[operation] = (into[operation] ?? 0) + waves;
}

/** The operation of `counts` with the most waves, and its share of `waves` (0 to 1); ties to the name first in alphabetical order. */
export function mostWaves(
  counts: Record<string, number>,
  waves: number,
): { operation: string; share: number } | undefined {
  const [top] = Object.entries(counts).sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1));
  return top && waves > 0 ? { operation: top[0], share: top[1] / waves } : undefined;
}

/** Several measurements' waves as one: each weighed by its number of waves. */
export function pooledWaves(parts: readonly WaveParts[]): WaveParts | undefined {
  const waves = parts.reduce((sum, p) => sum + p.waves, 0);
  if (waves === 0) return undefined;
  const mean = (pick: (p: WaveParts) => number) =>
    parts.reduce((sum, p) => sum + pick(p) * p.waves, 0) / waves;
  const firstCall: Record<string, number> = {};
  const lastAnswer: Record<string, number> = {};
  for (const p of parts) {
    for (const [operation, count] of Object.entries(p.firstCall)) tally(firstCall, operation, count);
    for (const [operation, count] of Object.entries(p.lastAnswer)) tally(lastAnswer, operation, count);
  }
  return {
    waveMs: mean((p) => p.waveMs),
    upstreamMs: mean((p) => p.upstreamMs),
    gatewayMs: mean((p) => p.gatewayMs),
    waves,
    firstCall,
    lastAnswer,
  };
}
