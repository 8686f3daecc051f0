import { CONFORMANCE } from '../../datasources/conformance';
import type { ServiceName } from '../../src/kernel/services';
import { FALLBACK_ROWS, rowFor, type ConformanceRow } from '../../src/upstream/conformance';
import { useTestStack } from '../support/gateway';

/*
 * Conformance: every row of every upstream's table, for every operation it
 * applies to, is provoked in the sandbox (an injected answer with the row's status and code)
 * and driven through the gateway over HTTP. What the client must see follows from the row:
 * its code, `retryAfterSeconds` only where waiting helps, how many times the call went out
 * (retries), and whether the answer was remembered (a second request calls again or not).
 */

const MAX_ATTEMPTS = 2;
/** Longer than any request's deadline: a rate-limited call is then reported, not waited for. */
const RETRY_AFTER = 120;

const stack = useTestStack({
  UPSTREAM_CACHE: 'on',
  RESPONSE_CACHE: 'off',
  UPSTREAM_PACING: 'off',
  UPSTREAM_MAX_ATTEMPTS: String(MAX_ATTEMPTS),
  CIRCUIT_FAILURE_THRESHOLD: '1000000',
  CLIENT_POINTS_PER_MINUTE: '100000000',
});

/**
 * How a client reaches each operation. `n` makes the arguments of every case its own, so a
 * remembered "not found" of one case is never the answer of another: the injected failure
 * answers before the sandbox reads them, so they only need the shape the gateway checks.
 */
type Probe =
  | { graphql: string; variables: (n: number) => Record<string, unknown>; emptyOnNotFound?: boolean }
  | { asset: (n: number) => string; sandboxOperation?: string };

const code = (n: number) => `Q${n.toString(36).toUpperCase().padStart(3, '0')} 7QP`;
const point = (n: number, offset = 0) => ({ latitude: 9 + n / 1000, longitude: 7 + offset + n / 1000 });
const onLoccode = (selection: string): Probe => ({
  graphql: `query ($code: String!) { loccode(code: $code) { ${selection} } }`,
  variables: (n) => ({ code: code(n) }),
});
const atPoint = (field: string): Probe => ({
  graphql: `query ($p: CoordinatesInput!) { ${field}(location: $p) { __typename } }`,
  variables: (n) => ({ p: point(n) }),
});

const PROBES: Record<string, Record<string, Probe>> = {
  agriculture: {
    climate: onLoccode('climate { __typename }'),
    pests: onLoccode('pests(crop: MAIZE) { __typename }'),
    yield: onLoccode('cropYield(crop: MAIZE) { __typename }'),
    supply: {
      graphql: 'query ($a: String!, $b: String!) { supplyRoute(origin: $a, destination: $b) { __typename } }',
      variables: (n) => ({ a: code(n), b: code(n + 5000) }),
    },
  },
  maps: {
    resolveLoccode: onLoccode('street { __typename }'),
    nearestLoccode: atPoint('nearestLoccode'),
    placeCategories: { graphql: '{ placeCategories { __typename } }', variables: () => ({}) },
    search: {
      graphql: 'query ($q: String!) { searchPlaces(query: $q) { __typename } }',
      variables: (n) => ({ q: `probe ${n}` }),
      emptyOnNotFound: true,
    },
    reverseGeocode: atPoint('reverseGeocode'),
    pointDetails: atPoint('pointDetails'),
    route: {
      graphql:
        'query ($a: CoordinatesInput!, $b: CoordinatesInput!) { route(origin: { coordinates: $a }, destination: { coordinates: $b }) { __typename } }',
      variables: (n) => ({ a: point(n), b: point(n, 0.5) }),
    },
    optimize: {
      graphql:
        'query ($a: CoordinatesInput!, $b: CoordinatesInput!, $c: CoordinatesInput!) { optimizeStops(origin: { id: "o", coordinates: $a }, destination: { id: "d", coordinates: $b }, stops: [{ id: "s", coordinates: $c }]) { __typename } }',
      variables: (n) => ({ a: point(n), b: point(n, 0.5), c: point(n, 0.25) }),
    },
  },
  'maps-host': {
    style: { asset: () => '/maps/styles/streets/style.json?mode=light' },
    tileMetadata: { asset: () => '/maps/tiles.json' },
    tile: { asset: (n) => `/maps/tiles/14/${n}/${n}.pbf` },
    sprite: { asset: () => '/maps/sprites/sprite.json' },
    glyphs: { asset: () => '/maps/fonts/Noto%20Sans%20Regular/0-255.pbf' },
    wordmark: { asset: () => '/maps/wordmark.json' },
    // The sandbox logs the manifest and the art under one operation name.
    wordmarkArt: { asset: () => '/maps/wordmark/wordmark-light.svg', sandboxOperation: 'wordmark' },
  },
  healthcare: {
    facilities: onLoccode('facilities(level: PRIMARY) { __typename }'),
    access: onLoccode('healthcareAccess { __typename }'),
    emergencyRoute: onLoccode('emergency { __typename }'),
    specialist: onLoccode('specialists(condition: "chest pain") { __typename }'),
    healthRisk: onLoccode('healthRisk { __typename }'),
    heatmap: onLoccode('heatmap { __typename }'),
  },
  address: {
    byLoccode: onLoccode('address { __typename }'),
    byStreet: {
      graphql: 'query ($q: String!) { addressByStreet(streetName: $q) { __typename } }',
      variables: (n) => ({ q: `Probe Street ${n}` }),
    },
    byCoordinates: atPoint('addressNear'),
  },
};

const sandboxOperation = (probe: Probe, operation: string) =>
  ('sandboxOperation' in probe && probe.sandboxOperation) || operation;

interface Case {
  table: string;
  probes: string;
  service: ServiceName;
  operation: string;
  billed: boolean;
  row: ConformanceRow;
  status: number;
  upstreamCode: string;
}

/** A code no row names: the status alone must decide. */
const UNLISTED = 'UNLISTED_CODE';
const statusOf = (row: ConformanceRow) =>
  row.status === '4xx' ? 418 : row.status === '5xx' ? 504 : row.status;

function cases(): Case[] {
  const all: Case[] = [];
  for (const { service, table, operations } of CONFORMANCE) {
    const probes = table === CONFORMANCE[2]!.table ? 'maps-host' : service;
    const names = Object.keys(operations);
    const add = (row: ConformanceRow, operation: string) =>
      all.push({
        table: table.title,
        probes,
        service,
        operation,
        billed: operations[operation]!.billed,
        row,
        status: statusOf(row),
        upstreamCode: row.upstreamCode ?? UNLISTED,
      });
    for (const row of table.rows) for (const operation of row.operations ?? names) add(row, operation);
    // One operation is enough for what no row of the service names.
    for (const row of FALLBACK_ROWS) add(row, names[0]!);
  }
  // Remembered answers last: they are the only failures the cache keeps.
  return all.sort((a, b) => Number(a.row.then === 'remember') - Number(b.row.then === 'remember'));
}

interface Outcome {
  code?: string;
  message?: string;
  retryAfterSeconds?: unknown;
  fields?: unknown;
  empty?: boolean;
}

async function ask(probe: Probe, n: number): Promise<Outcome> {
  if ('asset' in probe) {
    const response = await stack.http.get(`${new URL(stack.app.url).origin}${probe.asset(n)}`);
    const error = response.json?.errors?.[0];
    const retryAfter = response.headers['retry-after'];
    return {
      code: error?.extensions?.code,
      message: error?.message,
      retryAfterSeconds: retryAfter === undefined ? undefined : Number(retryAfter),
    };
  }
  const result = await stack.query(probe.graphql, probe.variables(n));
  const error = result.errors?.[0];
  if (!error) return { empty: true };
  return {
    code: error.extensions?.code as string,
    message: error.message,
    retryAfterSeconds: error.extensions?.retryAfterSeconds,
    fields: error.extensions?.fields,
  };
}

const all = cases();

describe('the conformance tables, walked against the sandbox', () => {
  it.each(all.map((c, n) => [`${c.table}: ${c.status} ${c.upstreamCode} on ${c.operation}`, c, n] as const))(
    '%s',
    async (_name, c, n) => {
      const { sandbox } = stack;
      const probe = PROBES[c.probes]![c.operation]!;
      const operation = sandboxOperation(probe, c.operation);
      const waitHelps = c.row.then === 'wait' || c.row.then === 'retry';
      // A Retry-After longer than the deadline would stop the retry a `retry` row promises.
      const retryAfter = c.row.then === 'retry' ? undefined : RETRY_AFTER;
      sandbox.controls.injectFault({
        service: c.service,
        operation,
        kind: 'status',
        status: c.status,
        code: c.upstreamCode,
        ...(retryAfter !== undefined && { retryAfterSeconds: retryAfter }),
      });
      const attempts = c.row.then === 'retry' && !c.billed ? MAX_ATTEMPTS : 1;

      const first = await ask(probe, n);
      if ('emptyOnNotFound' in probe && probe.emptyOnNotFound && c.row.code === 'NOT_FOUND') {
        expect(first).toEqual({ empty: true });
      } else {
        expect(first.code).toBe(c.row.code);
        expect(first.message).not.toMatch(/Injected failure/);
        expect(first.retryAfterSeconds).toBe(waitHelps && retryAfter !== undefined ? retryAfter : undefined);
        // Only a refusal that names its fields passes them on; the sandbox's injected text names none.
        if (!c.row.namesFields) expect(first.fields).toBeUndefined();
      }
      expect(sandbox.controls.count({ service: c.service, operation })).toBe(attempts);

      await ask(probe, n);
      const remembered = c.row.then === 'remember';
      expect(sandbox.controls.count({ service: c.service, operation })).toBe(
        remembered ? attempts : 2 * attempts,
      );
    },
  );

  it.each(
    all
      .filter((c) => c.row.then === 'retry')
      .map((c, n) => [`${c.table}: ${c.status} on ${c.operation}`, c, n] as const),
  )('%s with Retry-After passes the wait on and is not retried past the deadline', async (_name, c, n) => {
    const probe = PROBES[c.probes]![c.operation]!;
    const operation = sandboxOperation(probe, c.operation);
    stack.sandbox.controls.injectFault({
      service: c.service,
      operation,
      kind: 'status',
      status: c.status,
      code: c.upstreamCode,
      retryAfterSeconds: RETRY_AFTER,
    });
    const outcome = await ask(probe, 10_000 + n);
    expect(outcome.retryAfterSeconds).toBe(RETRY_AFTER);
    expect(stack.sandbox.controls.count({ service: c.service, operation })).toBe(1);
  });
});

/** The specs' error tables, literally: each (status, code) must have a row of its own service's table. */
const SPEC_ROWS: Array<[table: number, status: number, code: string | undefined, operations: string[]]> = [
  // agri-service.md, Errors.
  [0, 400, 'LOCCODE_REQUIRED', ['climate', 'pests', 'yield', 'supply']],
  [0, 400, 'CROP_REQUIRED', ['pests', 'yield']],
  [0, 400, 'INVALID_CROP', ['pests']],
  [0, 400, 'UNSUPPORTED_CROP', ['yield']],
  [0, 400, 'SAME_LOCATION', ['supply']],
  [0, 401, 'Unauthorized', ['climate', 'pests', 'yield', 'supply']],
  [0, 404, 'LOCCODE_NOT_FOUND', ['climate', 'pests', 'yield']],
  [0, 404, 'ORIGIN_NOT_FOUND', ['supply']],
  [0, 404, 'DESTINATION_NOT_FOUND', ['supply']],
  [0, 404, undefined, ['climate', 'pests', 'yield', 'supply']],
  [0, 429, 'Too Many Requests', ['climate', 'pests', 'yield', 'supply']],
  [0, 500, 'INTERNAL_SERVER_ERROR', ['climate', 'pests', 'yield', 'supply']],
  [0, 503, 'SERVICE_UNAVAILABLE', ['climate', 'supply']],
  // map-service.md, Errors (REST).
  [1, 400, 'INVALID_PARAMS', ['route', 'optimize']],
  [1, 400, 'VALIDATION_ERROR', ['route', 'optimize', 'pointDetails']],
  [1, 401, 'invalid_api_key', ['resolveLoccode', 'search', 'route', 'optimize']],
  [1, 403, 'restriction_violation', ['resolveLoccode', 'search', 'route', 'optimize']],
  [1, 404, 'NOT_FOUND', ['resolveLoccode', 'nearestLoccode', 'optimize', 'route', 'pointDetails']],
  [1, 422, 'ROUTING_FAILED', ['route']],
  [1, 429, 'rate_limited', ['resolveLoccode', 'search', 'route', 'optimize']],
  [1, 429, 'quota_exceeded', ['resolveLoccode', 'search', 'route', 'optimize']],
  [1, 500, 'INTERNAL_ERROR', ['route', 'optimize', 'search']],
  [1, 502, 'ENGINE_UNAVAILABLE', ['route', 'optimize']],
  [1, 503, 'auth_unavailable', ['resolveLoccode', 'search', 'route', 'optimize']],
  // map-service.md, the map host: the same key, the same gateway codes.
  [2, 401, 'invalid_api_key', ['style', 'tile']],
  [2, 403, 'restriction_violation', ['style', 'tile']],
  [2, 429, 'rate_limited', ['style', 'tile']],
  [2, 429, 'quota_exceeded', ['style', 'tile']],
  // health-and-address-services.md, service A, Errors: codes not shown.
  [3, 400, undefined, ['facilities', 'access', 'emergencyRoute', 'specialist', 'healthRisk', 'heatmap']],
  [3, 404, undefined, ['facilities', 'access', 'emergencyRoute', 'specialist', 'healthRisk', 'heatmap']],
];

describe('every status of the specs has a row', () => {
  it.each(SPEC_ROWS)('table %i: %i %s', (index, status, upstreamCode, operations) => {
    const { table } = CONFORMANCE[index]!;
    const body = { status: false, code: upstreamCode ?? UNLISTED, error: { code: upstreamCode ?? UNLISTED } };
    for (const operation of operations) {
      const row = rowFor(table, status, body, operation);
      expect(table.rows).toContain(row);
      if (upstreamCode !== undefined) expect(row.upstreamCode).toBe(upstreamCode);
    }
  });
});
