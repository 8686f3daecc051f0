import { waveTable, type PeerRow } from '../../bench/peer-report';
import { mostWaves, pooledWaves, waveParts } from '../../bench/waves';

/*
 * Waves of upstream calls as the sandbox logs them (arrival and answer time, ms), worked out by
 * hand: five waves; the first (the load began in it) and the last (nothing ends it) are left out.
 *
 *   wave 0: calls at 0, 0.2, 0.4, answered at 81, 82.2, 85.4
 *   wave 1: 87.0, 87.3, 87.5 -> 168.0, 168.8, 171.5: the sandbox's part 84.5, then 2.0 to wave 2
 *   wave 2: 173.5, 173.9     -> 254.0, 257.0:        83.5, then 2.0
 *   wave 3: 259.0            -> 340.0:               81.0, then 2.0
 *   wave 4: 342.0            -> 423.0
 *
 * The measured waves' first calls in: climate, heatmap, climate; their last answers out: pests
 * (171.5), climate (257.0), climate (340.0).
 */
const FIVE_WAVES = [
  { at: 0, durationMs: 81, operation: 'climate' },
  { at: 0.2, durationMs: 82, operation: 'heatmap' },
  { at: 0.4, durationMs: 85, operation: 'pests' },
  { at: 87.0, durationMs: 81, operation: 'climate' },
  { at: 87.3, durationMs: 81.5, operation: 'heatmap' },
  { at: 87.5, durationMs: 84, operation: 'pests' },
  { at: 173.5, durationMs: 80.5, operation: 'heatmap' },
  { at: 173.9, durationMs: 83.1, operation: 'climate' },
  { at: 259.0, durationMs: 81, operation: 'climate' },
  { at: 342.0, durationMs: 81, operation: 'climate' },
];

describe('the waves of the bench rows with upstream latency', () => {
  it('divides each measured wave at the sandbox’s last answer, as means that add up to the wave', () => {
    const parts = waveParts(FIVE_WAVES)!;
    expect(parts.waves).toBe(3);
    expect(parts.upstreamMs).toBeCloseTo((84.5 + 83.5 + 81) / 3, 9);
    expect(parts.gatewayMs).toBeCloseTo(2, 9);
    // Wave 1's first call to wave 4's: three waves.
    expect(parts.waveMs).toBeCloseTo((342 - 87) / 3, 9);
  });

  it('counts the operation of each measured wave’s first call in and last answer out', () => {
    const parts = waveParts(FIVE_WAVES)!;
    expect(parts.firstCall).toEqual({ climate: 2, heatmap: 1 });
    expect(parts.lastAnswer).toEqual({ pests: 1, climate: 2 });
  });

  it('reads the log in any order', () => {
    const shuffled = [...FIVE_WAVES].reverse();
    expect(waveParts(shuffled)).toEqual(waveParts(FIVE_WAVES));
  });

  it('counts a call that arrives before the wave’s last answer in that wave, however late', () => {
    // 120.0 arrives before wave 1's last answer (171.5), and its own (201.0) comes after wave 2's
    // calls arrive (173.5, 173.9): waves 1 and 2 are one, its last answer 257.0, then 2.0 to wave 3.
    const parts = waveParts([...FIVE_WAVES, { at: 120, durationMs: 81, operation: 'yield' }])!;
    expect(parts.waves).toBe(2);
    // The late call answers at 201.0, before the joined wave's last answer (climate, 257.0).
    expect(parts.lastAnswer).toEqual({ climate: 2 });
    expect(parts.upstreamMs).toBeCloseTo((257 - 87 + 81) / 2, 9);
    expect(parts.gatewayMs).toBeCloseTo(2, 9);
    expect(parts.waveMs).toBeCloseTo((342 - 87) / 2, 9);
  });

  it('has nothing to say with fewer than three waves', () => {
    expect(waveParts(FIVE_WAVES.slice(0, 6))).toBeUndefined();
    expect(waveParts([])).toBeUndefined();
  });

  it('pools the rounds, each weighed by its waves, and adds their counts', () => {
    const pooled = pooledWaves([
      {
        waveMs: 85,
        upstreamMs: 83,
        gatewayMs: 2,
        waves: 3,
        firstCall: { climate: 3 },
        lastAnswer: { heatmap: 2, pests: 1 },
      },
      {
        waveMs: 90,
        upstreamMs: 86,
        gatewayMs: 4,
        waves: 1,
        firstCall: { heatmap: 1 },
        lastAnswer: { heatmap: 1 },
      },
    ]);
    expect(pooled).toEqual({
      waveMs: 86.25,
      upstreamMs: 83.75,
      gatewayMs: 2.5,
      waves: 4,
      firstCall: { climate: 3, heatmap: 1 },
      lastAnswer: { heatmap: 3, pests: 1 },
    });
    expect(pooledWaves([])).toBeUndefined();
  });

  it('names the operation in most waves, ties to the name first in alphabetical order', () => {
    expect(mostWaves({ pests: 1, heatmap: 3 }, 4)).toEqual({ operation: 'heatmap', share: 0.75 });
    expect(mostWaves({ pests: 2, heatmap: 2 }, 4)).toEqual({ operation: 'heatmap', share: 0.5 });
    expect(mostWaves({}, 0)).toBeUndefined();
  });

  it('prints each row’s first call in and last answer out with their share of the waves', () => {
    const row: PeerRow = {
      name: 'ours, every cache off',
      upstreamLatencyMs: 80,
      requestsPerSecond: 115,
      p50Ms: 86,
      p99Ms: 90,
      cpuMicrosPerRequest: 400,
      callsPerRequest: 0.9,
      answerBytes: 13000,
      rssMiB: [150],
      failures: 0,
      wave: waveParts(FIVE_WAVES),
    };
    const line = waveTable([row], 10).split('\n').at(-1)!;
    // 10 connections over a wave of 85 ms: 117.6 requests/s.
    expect(line).toBe(
      '| ours, every cache off | 80 | 85 | 83 | 2 | 3 | 117.6 | climate (67 %) | climate (67 %) |',
    );
  });
});
