import {
  getNamedType,
  getNullableType,
  isAbstractType,
  isListType,
  isObjectType,
  parse,
  type GraphQLNamedType,
  type OperationDefinitionNode,
} from 'graphql';
import { goldenQuery } from '../../bench/golden-query';
import { fieldCost, operationCost } from '../../src/server/plugins/cost';
import { buildSchema } from '../../src/graph/schema';
import {
  SINGLE_REQUEST_DISCIPLINE,
  startTestStack,
  type GraphQLResult,
  useTestStack,
} from '../support/gateway';

const schema = buildSchema();

/** The static cost of a query document, as the gateway computes it before running it. */
function costOf(query: string, variables: Record<string, unknown> = {}): number {
  const document = parse(query);
  const operation = document.definitions.find(
    (d): d is OperationDefinitionNode => d.kind === 'OperationDefinition',
  )!;
  const fragments = Object.fromEntries(
    document.definitions.flatMap((d) => (d.kind === 'FragmentDefinition' ? [[d.name.value, d]] : [])),
  );
  return operationCost(schema, operation, fragments, variables);
}

function costReport(result: GraphQLResult) {
  return result.response.json.extensions.cost as {
    requested: number;
    actual: number;
    maximum: number;
    budget: { limit: number; remaining: number; resetSeconds: number };
  };
}

/** Whether selections below `type` can reach a field that costs upstream calls. */
function canCost(type: GraphQLNamedType, seen = new Set<string>()): boolean {
  if (seen.has(type.name)) return false;
  seen.add(type.name);
  const members = isAbstractType(type) ? schema.getPossibleTypes(type) : isObjectType(type) ? [type] : [];
  return members.some((member) =>
    Object.values(member.getFields()).some(
      (field) => fieldCost(field).weight > 0 || canCost(getNamedType(field.type), seen),
    ),
  );
}

describe('the cost of a document, computed from the schema annotations', () => {
  it('sizes every list whose items can cost upstream calls (@listSize or @listSizeFromArgument)', () => {
    // A connection's lists are sized by the field that returns the connection (sizedFields).
    const sizedByParent = new Set(
      Object.values(schema.getTypeMap())
        .filter(isObjectType)
        .flatMap((type) => Object.values(type.getFields()))
        .flatMap((field) =>
          fieldCost(field).sizedFields.map((name) => `${getNamedType(field.type).name}.${name}`),
        ),
    );
    const unsized = Object.values(schema.getTypeMap())
      .filter(isObjectType)
      .flatMap((type) =>
        Object.values(type.getFields())
          .filter((field) => isListType(getNullableType(field.type)) && canCost(getNamedType(field.type)))
          .filter((field) => !sizedByParent.has(`${type.name}.${field.name}`))
          .filter((field) => {
            const cost = fieldCost(field);
            return cost.assumedSize === undefined && cost.sizeFromArgument === undefined;
          })
          .map((field) => `${type.name}.${field.name}`),
      );
    expect(unsized).toEqual([]);
  });

  it('counts each upstream field once per distinct arguments, and aliases of one call once', () => {
    expect(costOf('{ loccode(code: "KN3A 7QP") { code id } }')).toBe(0);
    expect(costOf('{ loccode(code: "KN3A 7QP") { climate { state } } }')).toBe(1);
    expect(costOf('{ loccode(code: "KN3A 7QP") { a: climate { state } b: climate { city } } }')).toBe(1);
    expect(
      costOf(
        '{ loccode(code: "KN3A 7QP") { a: pests(crop: MAIZE) { __typename } b: pests { __typename } } }',
      ),
    ).toBe(2);
  });

  it('multiplies a list by its list argument, literal or variable', () => {
    const fields = 'climate { state } facilities(level: PRIMARY) { count } address { streetName }';
    const codes = Array.from({ length: 100 }, (_, i) => `KN${i} 7QP`);
    expect(costOf(`query($codes: [String!]!) { loccodes(codes: $codes) { ${fields} } }`, { codes })).toBe(
      300,
    );
    expect(costOf(`{ loccodes(codes: ["A1 B1", "A2 B2"]) { ${fields} } }`)).toBe(6);
    // A single value where a list is expected is a list of one (GraphQL input coercion).
    expect(
      costOf(`query($codes: [String!]!) { loccodes(codes: $codes) { climate { state } } }`, {
        codes: 'KN3A 7QP',
      }),
    ).toBe(1);
  });

  it('sizes the edges and nodes of a connection by its first argument, 20 when not given (@listSize sizedFields)', () => {
    // searchPlaces is one call whatever the page size, and each place of the page may link a loccode.
    expect(costOf('{ searchPlaces(query: "Kano") { nodes { name } } }')).toBe(1);
    expect(costOf('{ searchPlaces(query: "Kano", first: 100) { totalCount } }')).toBe(1);
    expect(costOf('{ searchPlaces(query: "Kano") { nodes { loccode { climate { state } } } } }')).toBe(
      1 + 20,
    );
    expect(
      costOf(
        'query($n: Int) { searchPlaces(query: "Kano", first: $n) { edges { node { loccode { climate { state } } } } } }',
        {
          n: 5,
        },
      ),
    ).toBe(1 + 5);
    // Categories cost nothing beyond the one call, however many a page holds.
    expect(costOf('{ placeCategories(first: 50) { nodes { key } } }')).toBe(1);
  });

  it('expands fragments, honours @skip and @include, and takes the dearer member of a union', () => {
    expect(
      costOf(
        `query { loccode(code: "KN3A 7QP") { ...F } } fragment F on Loccode { climate { state } street { name } }`,
      ),
    ).toBe(2);
    expect(
      costOf('query($s: Boolean!) { loccode(code: "KN3A 7QP") { climate @skip(if: $s) { state } } }', {
        s: true,
      }),
    ).toBe(0);
    expect(
      costOf('{ loccode(code: "KN3A 7QP") { climate @include(if: false) { state } street { name } } }'),
    ).toBe(1);
    expect(
      costOf(`{ node(id: "x") { ... on Loccode { climate { state } healthRisk { riskLevel } } } }`),
    ).toBe(2);
  });
});

describe('cost in upstream terms, through real HTTP', () => {
  const stack = useTestStack({ ...SINGLE_REQUEST_DISCIPLINE, QUERY_MAX_COST: '30' });

  /**
   * Every field of Query and Loccode, asked alone: the upstream calls it costs. A field
   * added to the schema without an entry here fails the completeness check below.
   */
  function fieldCases(): Record<
    string,
    { query: string; variables?: Record<string, unknown>; calls: number }
  > {
    const { streets } = stack.sandbox.dataset;
    const home = streets.find((s) => s.code === 'KN3A 7QP')!;
    const near = streets.find((s) => s.state === 'Kano' && s.code !== home.code)!;
    const lagos = streets.find((s) => s.state === 'Lagos')!;
    const at = `{ latitude: ${home.point.latitude}, longitude: ${home.point.longitude} }`;
    const on = (field: string) => `{ loccode(code: "KN3A 7QP") { ${field} } }`;
    return {
      'Query.addressByStreet': {
        query: `{ addressByStreet(streetName: "${home.name}") { __typename } }`,
        calls: 1,
      },
      'Query.addressNear': { query: `{ addressNear(location: ${at}) { __typename } }`, calls: 1 },
      'Query.crops': { query: '{ crops }', calls: 0 },
      'Query.supplyRoute': {
        query: `{ supplyRoute(origin: "KN3A 7QP", destination: "${lagos.code}") { __typename } }`,
        calls: 1,
      },
      'Query.node': { query: '{ node(id: "TG9jY29kZTpLTjNBIDdRUA==") { id } }', calls: 0 },
      'Query.nodes': { query: '{ nodes(ids: ["TG9jY29kZTpLTjNBIDdRUA=="]) { id } }', calls: 0 },
      'Query.loccode': { query: on('code'), calls: 0 },
      'Query.loccodes': { query: '{ loccodes(codes: ["KN3A 7QP"]) { code } }', calls: 0 },
      'Query.nearestLoccode': { query: `{ nearestLoccode(location: ${at}) { code } }`, calls: 1 },
      'Query.reverseGeocode': { query: `{ reverseGeocode(location: ${at}) { __typename } }`, calls: 1 },
      'Query.pointDetails': { query: `{ pointDetails(location: ${at}) { __typename } }`, calls: 1 },
      'Query.searchPlaces': { query: '{ searchPlaces(query: "Kano") { nodes { name } } }', calls: 1 },
      'Query.placeCategories': { query: '{ placeCategories { nodes { key } } }', calls: 1 },
      // A loccode given to route or optimize is resolved (never billed) before the billed call.
      'Query.route': {
        query: `{ route(origin: { loccode: "KN3A 7QP" }, destination: { loccode: "${near.code}" }) { __typename } }`,
        calls: 3,
      },
      'Query.optimizeStops': {
        query: `{ optimizeStops(origin: { id: "o", loccode: "KN3A 7QP" }, destination: { id: "d", loccode: "KN3A 7QP" }, stops: [{ id: "s", loccode: "${near.code}" }]) { __typename } }`,
        calls: 3,
      },
      'Query.mapDisplay': { query: '{ mapDisplay { __typename } }', calls: 0 },
      'Query._entities': {
        query: '{ _entities(representations: [{ __typename: "Loccode", code: "KN3A 7QP" }]) { __typename } }',
        calls: 0,
      },
      'Query._service': { query: '{ _service { sdl } }', calls: 0 },
      'Loccode.address': { query: on('address { __typename }'), calls: 1 },
      'Loccode.climate': { query: on('climate { __typename }'), calls: 1 },
      'Loccode.pests': { query: on('pests(crop: MAIZE) { __typename }'), calls: 1 },
      'Loccode.cropYield': { query: on('cropYield(crop: CASSAVA) { __typename }'), calls: 1 },
      'Loccode.supplyRouteTo': {
        query: on(`supplyRouteTo(destination: "${lagos.code}") { __typename }`),
        calls: 1,
      },
      'Loccode.facilities': { query: on('facilities(level: PRIMARY) { __typename }'), calls: 1 },
      'Loccode.healthcareAccess': { query: on('healthcareAccess { __typename }'), calls: 1 },
      'Loccode.emergency': { query: on('emergency { __typename }'), calls: 1 },
      'Loccode.specialists': { query: on('specialists(condition: "chest pain") { __typename }'), calls: 1 },
      'Loccode.healthRisk': { query: on('healthRisk { __typename }'), calls: 1 },
      'Loccode.heatmap': { query: on('heatmap { __typename }'), calls: 1 },
      'Loccode.id': { query: on('id'), calls: 0 },
      'Loccode.code': { query: on('code'), calls: 0 },
      'Loccode.street': { query: on('street { __typename }'), calls: 1 },
      'Loccode.routeTo': { query: on(`routeTo(destination: "${near.code}") { __typename }`), calls: 3 },
    };
  }

  it('has a case for every field of Query and Loccode', () => {
    const fields = ['Query', 'Loccode'].flatMap((name) => {
      const type = schema.getType(name);
      return isObjectType(type) ? Object.keys(type.getFields()).map((field) => `${name}.${field}`) : [];
    });
    expect(Object.keys(fieldCases()).sort()).toEqual(fields.sort());
  });

  it('costs each field exactly the upstream calls it makes, and reports both', async () => {
    const measured: Record<string, [number, number, number]> = {};
    const expected: Record<string, [number, number, number]> = {};
    for (const [field, { query, calls }] of Object.entries(fieldCases())) {
      stack.sandbox.controls.clearLog();
      const result = await stack.query(query);
      expect([field, result.errors]).toEqual([field, undefined]);
      const { requested, actual } = costReport(result);
      measured[field] = [requested, actual, stack.sandbox.controls.count()];
      expected[field] = [calls, calls, calls];
    }
    expect(measured).toEqual(expected);
  });

  it("the golden query's cost covers its upstream calls on a cold cache: 17 calls, 20 requested", async () => {
    const { streets } = stack.sandbox.dataset;
    const destination = streets.find((s) => s.state === 'Kano' && s.code !== 'KN3A 7QP')!.code;
    const query = goldenQuery(schema, destination, streets.find((s) => s.state === 'Lagos')!.code);
    const unlimited = await startTestStack();
    try {
      const result = await unlimited.query(query, { code: 'KN3A 7QP' });
      expect(result.errors).toBeUndefined();
      const calls = unlimited.sandbox.controls.count();
      expect(calls).toBe(17);
      // Each routeTo counts the resolves of both its ends (2): the query shares them with
      // `street` and between its two routes, so 3 of the 20 points are not called.
      expect(costReport(result)).toMatchObject({ requested: 20, actual: calls });
    } finally {
      await unlimited.close();
    }
  });

  it('loccodes with 100 codes and three domain fields costs 300, and over the maximum costs nothing upstream', async () => {
    const codes = stack.sandbox.dataset.streets.slice(0, 100).map((s) => s.code);
    const result = await stack.query(
      'query($codes: [String!]!) { loccodes(codes: $codes) { climate { state } facilities(level: PRIMARY) { count } address { streetName } } }',
      { codes },
    );
    expect(result.status).toBe(400);
    expect(result.data).toBeUndefined();
    expect(result.errors).toHaveLength(1);
    expect(result.errors![0]!.extensions).toMatchObject({ code: 'QUERY_TOO_COSTLY', cost: 300, maximum: 30 });
    expect(result.errors![0]!.message).toMatch(/cost 300 upstream calls; at most 30/);
    expect(costReport(result)).toMatchObject({ requested: 0, actual: 0, maximum: 30 });
    expect(stack.sandbox.controls.count()).toBe(0);
  });

  it('exactly at the maximum answers; one over is refused', async () => {
    const codes = stack.sandbox.dataset.streets.slice(0, 10).map((s) => s.code);
    const three = 'climate { state } facilities(level: PRIMARY) { count } address { streetName }';
    const atLimit = await stack.query(`query($codes: [String!]!) { loccodes(codes: $codes) { ${three} } }`, {
      codes,
    });
    expect(atLimit.status).toBe(200);
    expect(atLimit.errors).toBeUndefined();
    expect(costReport(atLimit)).toMatchObject({ requested: 30, actual: 30 });
    stack.sandbox.controls.clearLog();
    const over = await stack.query(
      `query($codes: [String!]!) { loccodes(codes: $codes) { ${three} } nearestLoccode(location: { latitude: 12, longitude: 8.5 }) { code } }`,
      { codes },
    );
    expect(over.status).toBe(400);
    expect(over.errors![0]!.extensions).toMatchObject({ code: 'QUERY_TOO_COSTLY', cost: 31 });
    expect(stack.sandbox.controls.count()).toBe(0);
  });

  it('reports cost and budget on every response, errors included', async () => {
    const invalid = await stack.query('{ loccode(code: "KN3A 7QP") { nope } }');
    expect(invalid.status).toBe(400);
    expect(costReport(invalid)).toEqual({
      requested: 0,
      actual: 0,
      maximum: 30,
      budget: { limit: 100_000_000, remaining: expect.any(Number), resetSeconds: expect.any(Number) },
    });
    // Refused by the HTTP layer before GraphQL runs: still reported, headers included.
    const notAcceptable = await stack.http.post(
      stack.app.url,
      { query: '{ __typename }' },
      { accept: 'application/xml' },
    );
    expect(notAcceptable.status).toBe(406);
    expect(notAcceptable.json.extensions.cost).toEqual({
      requested: 0,
      actual: 0,
      maximum: 30,
      budget: { limit: 100_000_000, remaining: expect.any(Number), resetSeconds: expect.any(Number) },
    });
    expect(notAcceptable.headers['x-ratelimit-limit']).toBe('100000000');
    const answered = await stack.query('{ loccode(code: "KN3A 7QP") { climate { state } } }');
    expect(costReport(answered)).toMatchObject({ requested: 1, actual: 1 });
    expect(answered.response.headers['x-ratelimit-limit']).toBe('100000000');
    expect(Number(answered.response.headers['x-ratelimit-remaining'])).toBeLessThanOrEqual(100_000_000 - 1);
  });
});
