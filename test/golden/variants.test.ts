import { buildSchema } from '../../src/graph/schema';
import type { Variants } from '../../src/sandbox';
import { goldenQuery } from '../../bench/golden-query';
import { useTestStack } from '../support/gateway';
import {
  getNamedType,
  isEnumType,
  isObjectType,
  isScalarType,
  isUnionType,
  type GraphQLNamedType,
  type GraphQLSchema,
} from 'graphql';

/*
 * The whole graph over each variant of the sandbox (src/sandbox/README.md, Variants): every
 * Query root field and every Loccode field, once per variant and once with all of them at
 * once. A variant changes only the form of what the services say, so the graph must answer
 * without an error and with the values of the default answer.
 */

/** Nigeria keeps West Africa Time (UTC+1): an ISO 8601 local time without offset is read there. */
const WAT = '+01:00';
const ISO_DATE_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:?\d\d)?$/;

/**
 * The answer with form-only differences made equal: instants for ISO 8601 date-times,
 * digits for phone numbers, lower case for OpenStreetMap ids, and route alternatives left
 * out (a variant that adds them is checked on its own).
 */
function canonical(value: unknown, key = ''): unknown {
  if (Array.isArray(value)) return value.map((item) => canonical(item, key));
  if (typeof value === 'string') {
    if (ISO_DATE_TIME.test(value)) return Date.parse(/(Z|[+-]\d\d:?\d\d)$/.test(value) ? value : value + WAT);
    if (key === 'phone') return value.replace(/\D/g, '');
    if (key === 'osmId') return value.toLowerCase();
    return value;
  }
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([name]) => !/alternative/i.test(name))
      .map(([name, v]) => [name, canonical(v, name)]),
  );
}

/** Paths where `actual` differs from `expected`, except where `actual` is null or an empty list (a missing member). */
function differencesBesidesMissing(actual: unknown, expected: unknown, path = ''): string[] {
  if (actual === null || (Array.isArray(actual) && actual.length === 0)) return [];
  if (Array.isArray(actual) && Array.isArray(expected) && actual.length === expected.length) {
    return actual.flatMap((item, i) => differencesBesidesMissing(item, expected[i], `${path}[${i}]`));
  }
  if (isRecord(actual) && isRecord(expected)) {
    const names = new Set([...Object.keys(actual), ...Object.keys(expected)]);
    return [...names].flatMap((n) => differencesBesidesMissing(actual[n], expected[n], `${path}.${n}`));
  }
  return JSON.stringify(actual) === JSON.stringify(expected) ? [] : [path];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Leaves named `name` anywhere in the answer. */
function leaves(value: unknown, name: string): unknown[] {
  if (Array.isArray(value)) return value.flatMap((item) => leaves(item, name));
  if (!isRecord(value)) return [];
  return Object.entries(value).flatMap(([n, v]) => (n === name ? [v] : leaves(v, name)));
}

/**
 * Every field below `type` that needs no argument, through union members; a type already on
 * the way down (a category's parent category) and a Loccode link are asked only for a name.
 */
function everyField(schema: GraphQLSchema, type: GraphQLNamedType, above: readonly string[] = []): string {
  if (isScalarType(type) || isEnumType(type)) return '';
  if (type.name === 'Loccode') return '{ code }';
  if (above.includes(type.name)) return '{ __typename }';
  const path = [...above, type.name];
  if (isUnionType(type)) {
    return `{ __typename ${type
      .getTypes()
      .map((member) => `... on ${member.name} ${everyField(schema, member, path)}`)
      .join(' ')} }`;
  }
  if (!isObjectType(type)) throw new Error(`unexpected type ${type.name}`);
  const fields = Object.values(type.getFields())
    .filter((field) =>
      field.args.every((arg) => arg.defaultValue !== undefined || !String(arg.type).endsWith('!')),
    )
    .map((field) => `${field.name} ${everyField(schema, getNamedType(field.type), path)}`);
  return `{ ${fields.join(' ')} }`;
}

interface Answers {
  golden: unknown;
  root: unknown;
  /** pointDetails(osmId:) with each osmId the graph answered in searchPlaces. */
  pinned: unknown;
  errors: unknown[];
}

describe('the whole graph over every variant of the sandbox', () => {
  const stack = useTestStack();
  const code = 'KN3A 7QP';
  let schema: GraphQLSchema;
  let golden: string;
  let root: string;
  let reference: Answers;
  /** With beds and waits known as numbers: the reference of the variants that send them otherwise. */
  let numbersReference: Answers;

  function rootQuery(): string {
    const { streets, places } = stack.sandbox.dataset;
    const home = streets.find((s) => s.code === code)!;
    const near = streets.find((s) => s.state === 'Kano' && s.code !== code)!;
    const lagos = streets.find((s) => s.state === 'Lagos')!;
    const place = places.find((p) => p.street.code === code) ?? places[0]!;
    const at = (p: { latitude: number; longitude: number }) =>
      `{ latitude: ${p.latitude}, longitude: ${p.longitude} }`;
    const all = (type: string) => everyField(schema, schema.getType(type)!);
    const fields = [
      `addressByStreet(streetName: ${JSON.stringify(home.name)}) ${all('Address')}`,
      `addressNear(location: ${at(home.point)}) ${all('Address')}`,
      `crops ${all('Crop')}`,
      `supplyRoute(origin: "${code}", destination: "${lagos.code}") ${all('SupplyRoute')}`,
      `node(id: "${Buffer.from(`Loccode:${code}`).toString('base64')}") { id ... on Loccode { code address { streetName } } }`,
      `nodes(ids: ["${Buffer.from(`Loccode:${near.code}`).toString('base64')}"]) { id }`,
      `loccodes(codes: ["${code}", "${near.code}"]) { code climate { recordedAt airTemperatureCelsius } healthcareAccess { accessScore generatedAt } }`,
      `nearestLoccode(location: ${at(home.point)}) { code street ${all('Street')} }`,
      `reverseGeocode(location: ${at(place.point)}) ${all('ReverseGeocode')}`,
      `pointDetails(location: ${at(place.point)}, searchName: "Shop") ${all('PointDetails')}`,
      `searchPlaces(query: "market", near: ${at(home.point)}, first: 5) ${all('PlaceConnection')}`,
      `byCategory: searchPlaces(category: "${place.category}", first: 3) ${all('PlaceConnection')}`,
      `placeCategories(first: 5) ${all('PlaceCategoryConnection')}`,
      `route(origin: { coordinates: ${at(home.point)} }, destination: { loccode: "${near.code}" }, waypoints: [${at(place.point)}]) ${all('Route')}`,
      `walk: route(origin: { loccode: "${code}" }, destination: { coordinates: ${at(near.point)} }, mode: WALK) ${all('Route')}`,
      `optimizeStops(origin: { id: "o", loccode: "${code}" }, destination: { id: "d", coordinates: ${at(near.point)} }, stops: [{ id: "s1", coordinates: ${at(place.point)} }, { id: "s2", loccode: "${near.code}" }]) ${all('OptimizedTrip')}`,
      `mapDisplay ${all('MapDisplay')}`,
    ];
    return `query Root { ${fields.join(' ')} }`;
  }

  async function answers(): Promise<Answers> {
    const g = await stack.query(golden, { code });
    const r = await stack.query(root);
    const ids = (leaves(r.data?.searchPlaces?.nodes, 'osmId') as Array<string | null>).filter(
      (id) => id !== null,
    );
    // No ids (a failed search) leaves nothing to find again: the comparison with the reference reports it.
    const p = ids.length === 0 ? { data: {}, errors: [] } : await stack.query(pinnedQuery(ids));
    return {
      golden: g.data,
      root: r.data,
      pinned: p.data,
      errors: [...(g.errors ?? []), ...(r.errors ?? []), ...(p.errors ?? [])],
    };
  }

  /** Every id the graph gave out in a search finds its place again through pointDetails(osmId:). */
  function pinnedQuery(ids: string[]): string {
    const { latitude, longitude } = stack.sandbox.dataset.streets.find((s) => s.code === code)!.point;
    const at = `{ latitude: ${latitude}, longitude: ${longitude} }`;
    const fields = ids.map(
      (id, i) =>
        `p${i}: pointDetails(location: ${at}, osmId: ${JSON.stringify(id)}) { place { name osmId } }`,
    );
    return `query Pinned { ${fields.join(' ')} }`;
  }

  beforeAll(async () => {
    schema = buildSchema();
    const { streets } = stack.sandbox.dataset;
    golden = goldenQuery(
      schema,
      streets.find((s) => s.state === 'Kano' && s.code !== code)!.code,
      streets.find((s) => s.state === 'Lagos')!.code,
    );
    root = rootQuery();
    reference = await answers();
    stack.sandbox.controls.setVariants({ unknownNumbers: 'number' });
    numbersReference = await answers();
    stack.sandbox.controls.reset();
  });

  const set = (variants: Partial<Variants>) => stack.sandbox.controls.setVariants(variants);
  const errorsOf = (a: Answers) =>
    a.errors.map((e) => {
      const { message, path, extensions } = e as {
        message: string;
        path?: unknown[];
        extensions?: { code?: string };
      };
      return `${extensions?.code}: ${path?.join('.')}: ${message}`;
    });

  it('the default answers are whole: no errors, every root field answered, places found again by their ids', () => {
    expect(errorsOf(reference)).toEqual([]);
    const root = reference.root as Record<string, unknown>;
    expect(Object.entries(root).filter(([, v]) => v === null)).toEqual([]);
    expect(Object.keys(root)).toHaveLength(17);
    const pinned = Object.values(reference.pinned as Record<string, { place: unknown }>);
    expect(pinned.length).toBeGreaterThan(0);
    expect(pinned.every(({ place }) => place !== null)).toBe(true);
  });

  /** No error, and the same values as `expected` once forms are made equal. */
  async function expectSameAnswers(expected: Answers): Promise<Answers> {
    const actual = await answers();
    expect(errorsOf(actual)).toEqual([]);
    expect(canonical(actual)).toEqual(canonical({ ...expected, errors: [] }));
    return actual;
  }

  it.each([['utc'], ['offset'], ['local'], ['local-micros']] as const)(
    'timestamps %s: the same instants (a local time is Nigerian time)',
    async (timestamps) => {
      set({ timestamps });
      await expectSameAnswers(reference);
    },
  );

  it('numbers as numbers: beds and waits known, everything else as before', async () => {
    const withoutUnknowns = (a: Answers) =>
      JSON.parse(
        JSON.stringify(a, (k, v) =>
          k === 'bedsCapacity' || k === 'waitTimeEstimateMinutes' ? undefined : v,
        ),
      );
    expect(errorsOf(numbersReference)).toEqual([]);
    expect(canonical(withoutUnknowns(numbersReference))).toEqual(canonical(withoutUnknowns(reference)));
    const beds = leaves(numbersReference.golden, 'bedsCapacity');
    expect(beds.length).toBeGreaterThan(0);
    expect(beds.every((n) => Number.isInteger(n))).toBe(true);
  });

  it('numbers as strings: "120" beds is 120 beds', async () => {
    set({ unknownNumbers: 'string' });
    await expectSameAnswers(numbersReference);
  });

  it('phones as numbers: the same digits', async () => {
    set({ phones: 'number' });
    const actual = await expectSameAnswers(reference);
    expect(leaves(actual.golden, 'phone').some((p) => typeof p === 'string')).toBe(true);
  });

  it('extra members everywhere: ignored', async () => {
    set({ extraMembers: true });
    await expectSameAnswers(reference);
  });

  it('optional members missing: no error; what is left is what it was', async () => {
    set({ optionalMembers: 'missing' });
    const actual = await answers();
    expect(errorsOf(actual)).toEqual([]);
    expect(differencesBesidesMissing(canonical(actual), canonical({ ...reference, errors: [] }))).toEqual([]);
  });

  it('alternative routes: the first route is the route', async () => {
    set({ alternativeRoutes: 2 });
    const actual = await expectSameAnswers(reference);
    // Where the graph shows the alternatives, it shows both of them on every route.
    const route = schema.getType('Route');
    const shown = isObjectType(route)
      ? Object.keys(route.getFields()).find((n) => /alternative/i.test(n))
      : undefined;
    if (shown !== undefined) {
      const root = actual.root as Record<string, Record<string, unknown[]>>;
      expect([root.route?.[shown]?.length, root.walk?.[shown]?.length]).toEqual([2, 2]);
    }
  });

  it('lower-case OpenStreetMap ids: the same places, each found again by the id the graph gave', async () => {
    set({ osmIds: 'lower' });
    await expectSameAnswers(reference);
  });

  it('loccodes echoed as sent: the same answers', async () => {
    set({ loccodeEcho: 'as-sent' });
    await expectSameAnswers(reference);
  });

  it('every variant at once', async () => {
    set({
      timestamps: 'local',
      unknownNumbers: 'string',
      phones: 'number',
      extraMembers: true,
      optionalMembers: 'missing',
      alternativeRoutes: 2,
      osmIds: 'lower',
      loccodeEcho: 'as-sent',
    });
    const actual = await answers();
    expect(errorsOf(actual)).toEqual([]);
    expect(
      differencesBesidesMissing(canonical(actual), canonical({ ...numbersReference, errors: [] })),
    ).toEqual([]);
  });
});
