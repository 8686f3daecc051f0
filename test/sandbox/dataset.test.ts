import { decodeReference } from '../support/polyline';
import { isInNigeria } from '../../src/sandbox/geo/point';
import type { Sandbox } from '../../src/sandbox';
import { SERVICE_NAMES } from '../../src/sandbox/kit/types';
import { TestHttp } from '../support/http';
import { startTestSandbox } from '../support/sandbox';

const STATE_NAMES = [
  'Abia',
  'Adamawa',
  'Akwa Ibom',
  'Anambra',
  'Bauchi',
  'Bayelsa',
  'Benue',
  'Borno',
  'Cross River',
  'Delta',
  'Ebonyi',
  'Edo',
  'Ekiti',
  'Enugu',
  'Federal Capital Territory',
  'Gombe',
  'Imo',
  'Jigawa',
  'Kaduna',
  'Kano',
  'Katsina',
  'Kebbi',
  'Kogi',
  'Kwara',
  'Lagos',
  'Nasarawa',
  'Niger',
  'Ogun',
  'Ondo',
  'Osun',
  'Oyo',
  'Plateau',
  'Rivers',
  'Sokoto',
  'Taraba',
  'Yobe',
  'Zamfara',
];

/** Official LGA counts of a few states, to catch a list that lost or doubled entries. */
const LGA_COUNTS: Record<string, number> = {
  Kano: 44,
  Katsina: 34,
  Lagos: 20,
  Oyo: 33,
  Bayelsa: 8,
  'Federal Capital Territory': 6,
};

describe('sandbox dataset', () => {
  const http = new TestHttp();
  let sandbox: Sandbox;

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    // Walking every loccode is far beyond the documented per-key limits; lift them for this suite.
    const unlimited = { kind: 'window', limit: 1_000_000, windowMs: 60_000 } as const;
    sandbox.controls.setRateLimit('agriculture', 'requests', unlimited);
    for (const dimension of ['loccode', 'routing'])
      sandbox.controls.setRateLimit('maps', dimension, unlimited);
    for (const service of ['healthcare', 'address'] as const)
      sandbox.controls.setRateLimit(service, 'requests', unlimited);
  });
  afterAll(async () => {
    await http.close();
    await sandbox.close();
  });

  it('has the 36 states and the FCT with their 774 LGAs', () => {
    const { states } = sandbox.dataset;
    expect(states.map((s) => s.name).sort()).toEqual(STATE_NAMES);
    expect(states.reduce((n, s) => n + s.lgas.length, 0)).toBe(774);
    for (const [state, count] of Object.entries(LGA_COUNTS)) {
      expect({ state, count: states.find((s) => s.name === state)!.lgas.length }).toEqual({ state, count });
    }
  });

  it('has at least 300 loccodes of both agriculture shapes and 500 facilities, all inside Nigeria', () => {
    const { streets, areas, facilities } = sandbox.dataset;
    expect(streets.length + areas.length).toBeGreaterThanOrEqual(300);
    expect(streets.every((s) => /^[A-Z0-9]{4} [A-Z0-9]{3}$/.test(s.code))).toBe(true);
    expect(areas.every((a) => /^[A-Z]{3} \d{6}$/.test(a.code))).toBe(true);
    expect(facilities.length).toBeGreaterThanOrEqual(500);
    expect(new Set(facilities.map((f) => f.level))).toEqual(new Set(['Primary', 'Secondary', 'Tertiary']));
    const points = [
      ...streets.flatMap((s) => s.geometry),
      ...facilities.map((f) => f.point),
      ...areas.map((a) => a.point),
    ];
    expect(points.filter((p) => !isInNigeria(p))).toEqual([]);
  });

  it('resolves every street loccode in all four services, and every area loccode in agriculture and healthcare only', async () => {
    const { urls, keys, dataset } = sandbox;
    const lookups = {
      agriculture: (code: string) =>
        http.get(`${urls.agriculture}/api/v1/data/climate/by-loccode?loccode=${encodeURIComponent(code)}`, {
          authorization: `Bearer ${keys.agriculture}`,
          'content-type': 'application/json',
        }),
      maps: (code: string) =>
        http.get(`${urls.maps}/sdk/v1/loccode/${encodeURIComponent(code)}`, { 'x-api-key': keys.maps }),
      healthcare: (code: string) =>
        http.get(`${urls.healthcare}/api/v1/access?loccode=${encodeURIComponent(code)}`, {
          authorization: `Bearer ${keys.healthcare}`,
        }),
      address: (code: string) =>
        http.get(`${urls.address}/v1/addresses/search/loccode/${encodeURIComponent(code)}`, {
          authorization: `Bearer ${keys.address}`,
        }),
    };
    const failures: string[] = [];
    for (const service of SERVICE_NAMES) {
      for (const street of dataset.streets) {
        const res = await lookups[service](street.code);
        if (res.status !== 200) failures.push(`${service} ${street.code}: ${res.status}`);
      }
      for (const area of dataset.areas) {
        const known = service === 'agriculture' || service === 'healthcare';
        const res = await lookups[service](area.code);
        if ((res.status === 200) !== known) failures.push(`${service} ${area.code}: ${res.status}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('routes between neighbouring streets with polylines that decode to points inside Nigeria, end to end', async () => {
    const { urls, keys, dataset } = sandbox;
    const failures: string[] = [];
    // Every third street (each state has several): every route of every street would not fit
    // the test's timeout on a small machine, and a third still crosses every state.
    for (const [index, origin] of dataset.streets.entries()) {
      if (index % 3 !== 0) continue;
      const destination = dataset.streets[(index + 1) % dataset.streets.length]!;
      const res = await http.post(
        `${urls.maps}/sdk/v1/route`,
        { origin_loccode: origin.code, dest_loccode: destination.code },
        { 'x-api-key': keys.maps },
      );
      const path = decodeReference(res.json.data.routes[0].geometry);
      if (!path.every(isInNigeria)) failures.push(`${origin.code} -> ${destination.code} leaves Nigeria`);
      const [first, last] = [path[0]!, path[path.length - 1]!];
      if (
        Math.abs(first.latitude - origin.point.latitude) > 1e-4 ||
        Math.abs(last.longitude - destination.point.longitude) > 1e-4
      ) {
        failures.push(`${origin.code} -> ${destination.code} does not run between the two streets`);
      }
    }
    expect(failures).toEqual([]);
  });
});
