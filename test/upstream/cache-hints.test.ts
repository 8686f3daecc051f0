import { failWithStatus } from '../support/sandbox';
import { startTestStack, useTestStack } from '../support/gateway';
import { FakeClock } from '../support/time';

const KANO = 'KN3A 7QP';

describe('cache hints to clients (Cache-Control on GET)', () => {
  const stack = useTestStack({});

  const get = (query: string) =>
    stack.http.get(`${stack.app.url}?query=${encodeURIComponent(query)}`, {
      'apollo-require-preflight': 'true',
    });

  it("carries the shortest max-age among the fields asked: climate's 10 minutes beside the street's 12 hours", async () => {
    const street = await get(`{ loccode(code: "${KANO}") { street { name } } }`);
    expect(street.headers['cache-control']).toBe('max-age=43200, public');
    const both = await get(`{ loccode(code: "${KANO}") { street { name } climate { state } } }`);
    expect(both.headers['cache-control']).toBe('max-age=600, public');
  });

  it('marks a response with an error no-store', async () => {
    const res = await get('{ loccode(code: "ZZ9Z 9ZZ") { climate { state } } }');
    expect(res.json.errors[0].extensions.code).toBe('LOCCODE_NOT_FOUND');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('keeps map display links, built for the caller, private', async () => {
    const res = await get('{ mapDisplay { tileJsonUrl } }');
    expect(res.headers['cache-control']).toBe('max-age=3600, private');
  });
});

describe('a response served from stale data', () => {
  it('is marked no-store and never kept by the response cache', async () => {
    // The stack's clock is moved past climate's 10 minutes fresh and 5 of refresh (README).
    const clock = new FakeClock();
    const stack = await startTestStack({}, { clock });
    try {
      const get = (query: string) =>
        stack.http.get(`${stack.app.url}?query=${encodeURIComponent(query)}`, {
          'apollo-require-preflight': 'true',
        });
      // Another document fetches the climate: the response cache keeps that one, not the one asked below.
      await get(`{ loccode(code: "${KANO}") { climate { state airTemperatureCelsius } } }`);
      clock.moveTo(clock.now() + 16 * 60_000);
      failWithStatus(stack.sandbox.controls, 'agriculture', 'climate', { status: 503 });
      const query = `{ loccode(code: "${KANO}") { climate { state } } }`;
      const stale = await get(query);
      expect(stale.json.extensions.warnings[0].code).toBe('STALE_DATA');
      expect(stale.headers['cache-control']).toBe('no-store');
      const again = await get(query);
      expect(again.headers.age).toBeUndefined();
      expect(again.json.extensions.warnings[0].code).toBe('STALE_DATA');
    } finally {
      await stack.close();
    }
  });
});
