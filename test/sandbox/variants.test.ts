import type { Sandbox } from '../../src/sandbox';
import { TestHttp, type HttpResponse } from '../support/http';
import { decodeReference } from '../support/polyline';
import { FIXED_NOW, startTestSandbox } from '../support/sandbox';
import { everyEndpoint, type WalkStep } from './walk';

/** The extra member the `extraMembers` variant adds (README, Variants); spelled here from the README. */
const EXTRA = 'x_sandbox_extra';

describe('sandbox variants: where a spec allows more than one form', () => {
  const http = new TestHttp();
  let sandbox: Sandbox;
  const code = 'KN3A 7QP';
  const q = encodeURIComponent(code);

  beforeAll(async () => {
    sandbox = await startTestSandbox();
  });
  afterEach(() => sandbox.controls.reset());
  afterAll(async () => {
    await http.close();
    await sandbox.close();
  });

  /** Sets variants over HTTP, as a sandbox in another process is switched. */
  async function setVariants(variants: Record<string, unknown>): Promise<HttpResponse> {
    const body = JSON.stringify(variants);
    return http.send('PUT', `${sandbox.urls.healthcare}/__sandbox/variants`, {}, body);
  }
  const agri = (path: string) =>
    http.get(`${sandbox.urls.agriculture}/api/v1${path}`, {
      authorization: `Bearer ${sandbox.keys.agriculture}`,
      'content-type': 'application/json',
    });
  const health = (path: string) =>
    http.get(`${sandbox.urls.healthcare}/api/v1${path}`, {
      authorization: `Bearer ${sandbox.keys.healthcare}`,
    });
  const maps = (path: string) =>
    http.get(`${sandbox.urls.maps}/sdk/v1${path}`, { 'x-api-key': sandbox.keys.maps });
  const address = (path: string) =>
    http.get(`${sandbox.urls.address}/v1/addresses/search${path}`, {
      authorization: `Bearer ${sandbox.keys.address}`,
    });
  const send = (step: WalkStep) =>
    http.send(
      step.method,
      step.url,
      step.headers,
      step.body === undefined ? undefined : JSON.stringify(step.body),
    );

  describe('the switch', () => {
    it('is set over HTTP on any port, read back, and reset to the defaults', async () => {
      const set = await setVariants({ timestamps: 'local', alternativeRoutes: 2 });
      expect(set.status).toBe(200);
      expect(set.json).toMatchObject({ timestamps: 'local', alternativeRoutes: 2, extraMembers: false });
      const read = await http.get(`${sandbox.urls.maps}/__sandbox/variants`);
      expect(read.json).toEqual(set.json);
      const reset = await http.send('POST', `${sandbox.urls.agriculture}/__sandbox/reset`, {});
      expect(reset.status).toBe(200);
      expect((await http.get(`${sandbox.urls.maps}/__sandbox/variants`)).json).toEqual({
        timestamps: 'utc-millis',
        unknownNumbers: 'null',
        phones: 'string',
        extraMembers: false,
        optionalMembers: 'present',
        alternativeRoutes: 0,
        osmIds: 'upper',
        loccodeEcho: 'display',
      });
    });

    it('refuses an unknown variant or value with 400 and changes nothing', async () => {
      const res = await setVariants({ timestamps: 'tuesday', colour: 'red' });
      expect(res.status).toBe(400);
      expect(res.json.error).toContain('timestamps must be one of');
      expect(res.json.error).toContain('unknown variant colour');
      expect(sandbox.controls.variants.timestamps).toBe('utc-millis');
    });
  });

  describe('timestamps: ISO 8601 in every form, the same instant', () => {
    /** Every ISO 8601 member of the four services. */
    async function timestamps(): Promise<string[]> {
      const climate = await agri(`/data/climate/by-loccode?loccode=${q}`);
      const facilities = await health(`/facilities?loccode=${q}&facility_level=Primary`);
      const access = await health(`/access?loccode=${q}`);
      const emergency = await health(`/emergency-route?loccode=${q}`);
      return [
        climate.json.climate_data[0].event_timestamp,
        facilities.json.data.generated_at,
        access.json.generated_at,
        emergency.json.data.generated_at,
      ];
    }

    it.each([
      ['utc-millis', '2026-07-15T10:00:00.000Z'],
      ['utc', '2026-07-15T10:00:00Z'],
      ['offset', '2026-07-15T11:00:00+01:00'],
      ['local', '2026-07-15T11:00:00'],
      ['local-micros', '2026-07-15T11:00:00.000000'],
    ])('%s: %s', async (form, expected) => {
      await setVariants({ timestamps: form });
      const all = await timestamps();
      expect(all).toEqual([expected, expected, expected, expected]);
      // Local forms are Nigerian local time: read at West Africa Time they name the fixed clock's instant.
      const offset = /(Z|[+-]\d\d:\d\d)$/.test(expected) ? '' : '+01:00';
      expect(Date.parse(`${expected}${offset}`)).toBe(FIXED_NOW.getTime());
    });
  });

  describe('numbers whose type the spec does not show', () => {
    async function firstFacilities() {
      const res = await health(`/facilities?loccode=${q}&facility_level=Secondary&radius_km=60`);
      expect(res.status).toBe(200);
      return res.json.data.facilities as Array<Record<string, unknown>>;
    }

    it('beds_capacity and wait_time_estimate_minutes: null, a number, or the same number as a string', async () => {
      const seen = await firstFacilities();
      expect(seen.length).toBeGreaterThan(0);
      for (const f of seen) expect([f.beds_capacity, f.wait_time_estimate_minutes]).toEqual([null, null]);

      await setVariants({ unknownNumbers: 'number' });
      const numbers = await firstFacilities();
      for (const f of numbers) {
        expect(Number.isInteger(f.beds_capacity)).toBe(true);
        expect(Number.isInteger(f.wait_time_estimate_minutes)).toBe(true);
      }
      await setVariants({ unknownNumbers: 'string' });
      const strings = await firstFacilities();
      expect(strings.map((f) => [f.beds_capacity, f.wait_time_estimate_minutes])).toEqual(
        numbers.map((f) => [String(f.beds_capacity), String(f.wait_time_estimate_minutes)]),
      );
      // Only the form changes: names and order are those of the default answer.
      expect(strings.map((f) => f.name)).toEqual(seen.map((f) => f.name));
    });

    it('phone: a string or null, or the same digits as a number', async () => {
      const seen = (await health(`/emergency-route?loccode=${q}`)).json.data.nearest_emergency_facilities;
      await setVariants({ phones: 'number' });
      const numbers = (await health(`/emergency-route?loccode=${q}`)).json.data.nearest_emergency_facilities;
      expect(seen.some((f: { phone: unknown }) => typeof f.phone === 'string')).toBe(true);
      numbers.forEach((f: { phone: unknown }, i: number) => {
        const phone = seen[i].phone as string | null;
        expect(f.phone).toBe(phone === null ? null : Number(phone.replace(/\D/g, '')));
      });
    });
  });

  describe('extra members', () => {
    /** The body without the extra member anywhere, and the paths of objects that lack it. */
    function strip(value: unknown, path: string, lacking: string[], keyedMap = false): unknown {
      if (Array.isArray(value)) return value.map((item, i) => strip(item, `${path}[${i}]`, lacking));
      if (typeof value !== 'object' || value === null) return value;
      const entries = Object.entries(value);
      if (!keyedMap && !entries.some(([name]) => name === EXTRA)) lacking.push(path || '(root)');
      return Object.fromEntries(
        entries
          .filter(([name]) => name !== EXTRA)
          .map(([name, v]) => [name, strip(v, `${path}.${name}`, lacking, KEYED_MAPS.has(name))]),
      );
    }
    const KEYED_MAPS = new Set(['nearest_by_type', 'disease_prevalence']);

    it('adds an unknown member to every object of every REST answer, and nothing else changes', async () => {
      const steps = everyEndpoint(sandbox).filter((s) => !/style|tiles\.json|wordmark/.test(s.name));
      const plain = await Promise.all(steps.map(send));
      await setVariants({ extraMembers: true });
      for (const [i, step] of steps.entries()) {
        const res = await send(step);
        const lacking: string[] = [];
        const stripped = strip(res.json, '', lacking);
        expect({ step: step.name, status: res.status, lacking }).toEqual({
          step: step.name,
          status: 200,
          lacking: [],
        });
        expect({ step: step.name, body: stripped }).toEqual({ step: step.name, body: plain[i]!.json });
      }
    });

    it('leaves the keyed maps (each entry one disease or facility type) without one, but not their entries', async () => {
      await setVariants({ extraMembers: true });
      const access = (await health(`/access?loccode=${q}`)).json;
      expect(Object.keys(access.nearest_by_type)).not.toContain(EXTRA);
      expect(access.nearest_by_type.primary_care[EXTRA]).toBeDefined();
      const risk = (await health(`/health-risk?loccode=${q}`)).json;
      expect(Object.keys(risk.data.disease_prevalence)).not.toContain(EXTRA);
    });

    it('leaves map display documents and error bodies alone', async () => {
      await setVariants({ extraMembers: true });
      const style = await http.get(
        `${sandbox.urls.mapHost}/sdk/styles/streets/style.json?mode=light&key=${sandbox.keys.maps}`,
      );
      expect(style.text).not.toContain(EXTRA);
      const refused = await agri('/data/climate/by-loccode');
      expect(refused.status).toBe(400);
      expect(refused.text).not.toContain(EXTRA);
    });
  });

  describe('optional members missing', () => {
    it('address record: all members optional, only the loccode remains', async () => {
      await setVariants({ optionalMembers: 'missing' });
      const res = await address(`/loccode/${q}`);
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ loccode: code });
    });

    it('search results: only loccode, osm_id and distance_km, the distance null', async () => {
      const near = sandbox.dataset.streetByCode.get(code)!.point;
      const path = `/search?q=market&latitude=${near.latitude}&longitude=${near.longitude}`;
      const full = (await maps(path)).json.data;
      await setVariants({ optionalMembers: 'missing' });
      const bare = (await maps(path)).json.data;
      expect(bare).toEqual(
        full.map((r: { loccode: string; osm_id: string }) => ({
          loccode: r.loccode,
          osm_id: r.osm_id,
          distance_km: null,
        })),
      );
    });

    it('point details: no loccode member, and no place member where there is no place', async () => {
      const ocean = { latitude: 12.9, longitude: 13.1 };
      const lonely = (await maps(`/point-details?latitude=${ocean.latitude}&longitude=${ocean.longitude}`))
        .json.data;
      await setVariants({ optionalMembers: 'missing' });
      const bare = (await maps(`/point-details?latitude=${ocean.latitude}&longitude=${ocean.longitude}`)).json
        .data;
      expect(Object.keys(bare)).not.toContain('loccode');
      expect(lonely.place).toBeNull();
      expect(Object.keys(bare)).not.toContain('place');
      const place = sandbox.dataset.places[0]!;
      const tapped = (
        await maps(`/point-details?latitude=${place.point.latitude}&longitude=${place.point.longitude}`)
      ).json.data;
      expect(tapped.place.osm_id).toBeDefined();
      expect(tapped.loccode).toBeUndefined();
    });
  });

  describe('alternative routes', () => {
    it('routes[] carries further routes after the first, which stays the default route', async () => {
      const [from, to] = sandbox.dataset.streets.filter((s) => s.state === 'Kano');
      const path = `/route?origin_lat=${from!.point.latitude}&origin_lng=${from!.point.longitude}&dest_lat=${to!.point.latitude}&dest_lng=${to!.point.longitude}`;
      const plain = (await maps(path)).json.data;
      await setVariants({ alternativeRoutes: 2 });
      const data = (await maps(path)).json.data;
      expect(data.routes).toHaveLength(3);
      expect(data.routes[0]).toEqual(plain.routes[0]);
      expect(data.waypoints).toEqual(plain.waypoints);
      for (const alternative of data.routes.slice(1)) {
        expect(alternative.distance).toBeGreaterThan(plain.routes[0].distance);
        expect(alternative.legs).toHaveLength(plain.routes[0].legs.length);
        expect(alternative.geometry).not.toBe(plain.routes[0].geometry);
        const points = decodeReference(alternative.geometry);
        const [lng, lat] = data.waypoints[1].location;
        expect(points[points.length - 1]).toEqual({
          latitude: expect.closeTo(lat, 4),
          longitude: expect.closeTo(lng, 4),
        });
      }
    });
  });

  describe('OpenStreetMap id case', () => {
    const lookup = (osmId: string, osmType?: string) => {
      const place = sandbox.dataset.places[0]!;
      const type = osmType === undefined ? '' : `&osm_type=${osmType}`;
      return maps(
        `/point-details?latitude=${place.point.latitude}&longitude=${place.point.longitude}&osm_id=${osmId}${type}`,
      );
    };

    it('by default answers N123 and takes the id and type in either case', async () => {
      const place = sandbox.dataset.places[0]!;
      const lower = place.osmId.toLowerCase();
      for (const [id, type] of [
        [place.osmId, undefined],
        [lower, undefined],
        [lower, place.osmType],
        [place.osmId, place.osmType.toUpperCase()],
      ] as const) {
        const res = await lookup(id, type);
        expect({ id, type, status: res.status }).toEqual({ id, type, status: 200 });
        expect(res.json.data.place.osm_id).toBe(place.osmId);
      }
      expect(place.osmId).toMatch(/^[NW]\d+$/);
    });

    it('lower: answers n123 in search and point details, and takes only lower case', async () => {
      const place = sandbox.dataset.places[0]!;
      await setVariants({ osmIds: 'lower' });
      const lower = place.osmId.toLowerCase();
      const found = await lookup(lower, place.osmType);
      expect(found.status).toBe(200);
      expect(found.json.data.place.osm_id).toBe(lower);
      const search = (await maps(`/search?q=${encodeURIComponent(place.name)}`)).json.data;
      expect(search.length).toBeGreaterThan(0);
      for (const result of search) expect(result.osm_id).toMatch(/^[nwr]\d+$/);
      const refused = await lookup(place.osmId);
      expect(refused.status).toBe(400);
      expect(refused.json).toMatchObject({ status: false, code: 'VALIDATION_ERROR' });
      expect(refused.json.message).toContain('osm_id');
    });
  });

  describe('loccode echo', () => {
    it('agriculture and healthcare echo the display form, or the loccode as sent', async () => {
      const echoes = async (sent: string) => {
        const s = encodeURIComponent(sent);
        return [
          (await agri(`/data/climate/by-loccode?loccode=${q}`)).json.climate_data[0].loccode,
          (await agri(`/monitoring/pests/by-loccode?loccode=${q}`)).json.loccode,
          (await agri(`/predict/yield/by-loccode?loccode=${q}&crop=maize`)).json.loccode,
          (await health(`/facilities?loccode=${s}&facility_level=Primary`)).json.data.loccode,
          (await health(`/access?loccode=${s}`)).json.loccode,
          (await health(`/emergency-route?loccode=${s}`)).json.data.loccode,
          (await health(`/specialist?loccode=${s}&health_condition=fever`)).json.data.loccode,
          (await health(`/health-risk?loccode=${s}`)).json.data.loccode,
          (await health(`/heatmap?loccode=${s}`)).json.loccode,
        ];
      };
      expect(await echoes('kn3a 7qp')).toEqual(Array(9).fill('KN3A-7QP'));
      await setVariants({ loccodeEcho: 'as-sent' });
      // Agriculture matches exactly, so the code as sent is the code as issued; healthcare ignores case.
      expect(await echoes('kn3a 7qp')).toEqual([...Array(3).fill(code), ...Array(6).fill('kn3a 7qp')]);
    });
  });
});
