import { ApolloServer } from '@apollo/server';
import { makeExecutableSchema } from '@graphql-tools/schema';
import { compileQuery } from 'graphql-jit';
import { buildSchema } from '../../src/graph/schema';
import { jitExecutor } from '../../src/server/jit-executor';
import { goldenQuery } from '../../bench/golden-query';
import { SINGLE_REQUEST_DISCIPLINE, useTestStack } from '../support/gateway';

/*
 * A document runs on graphql-js the first time and compiled by graphql-jit
 * from then on. A client must not be able to tell which one answered: every answer below is
 * asked for three times (graphql-js, then compiled twice) and compared, bytes of `data` and
 * errors (their request ids aside), and HTTP status.
 */

const KANO = 'KN3A 7QP';

/** An answer as a client compares it: its status, its data's bytes, its errors without their request ids. */
function comparable(answer: {
  status: number;
  data?: unknown;
  errors?: Array<{ message?: string; extensions?: object }>;
}) {
  return {
    status: answer.status,
    data: JSON.stringify(answer.data),
    errors: answer.errors?.map(({ extensions, ...error }) => {
      const { requestId: _requestId, ...rest } = (extensions ?? {}) as { requestId?: string };
      return { ...error, extensions: rest };
    }),
  };
}

describe('graphql-jit for repeated documents, through HTTP', () => {
  const stack = useTestStack(SINGLE_REQUEST_DISCIPLINE);

  async function thrice(query: string, variables: Record<string, unknown>) {
    const answers = [];
    for (let run = 0; run < 3; run += 1) answers.push(comparable(await stack.query(query, variables)));
    return answers;
  }

  it('answers the golden query with the same bytes however often it runs, with one upstream call per operation and input each time', async () => {
    const { streets } = stack.sandbox.dataset;
    const query = goldenQuery(
      buildSchema(),
      streets.find((s) => s.state === 'Kano' && s.code !== KANO)!.code,
      streets.find((s) => s.state === 'Lagos')!.code,
    );
    const counts: Array<Record<string, number>> = [];
    const answers = [];
    for (let run = 0; run < 3; run += 1) {
      stack.sandbox.controls.reset();
      answers.push(comparable(await stack.query(query, { code: KANO })));
      counts.push(stack.sandbox.controls.counts());
    }
    expect(answers[0]!.errors).toBeUndefined();
    expect(answers[0]!.data.length).toBeGreaterThan(10_000);
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(counts[1]).toEqual(counts[0]);
    expect(counts[2]).toEqual(counts[0]);
  });

  it('answers a malformed loccode with the same coded error, located, each time', async () => {
    const answers = await thrice(
      'query Street($code: String!) { loccode(code: $code) { street { name } } }',
      {
        code: 'KN3A',
      },
    );
    expect(answers[0]!.errors?.[0]).toMatchObject({
      extensions: { code: 'BAD_USER_INPUT' },
      path: ['loccode'],
    });
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
  });

  it('refuses a @oneOf input given both members through a variable, each time (graphql-jit alone would not)', async () => {
    const destination = stack.sandbox.dataset.streets.find(
      (s) => s.state === 'Kano' && s.code !== KANO,
    )!.code;
    const answers = await thrice(
      'query Route($origin: RouteEndpointInput!, $destination: RouteEndpointInput!) { route(origin: $origin, destination: $destination) { __typename } }',
      {
        origin: { loccode: KANO, coordinates: { latitude: 12, longitude: 8.5 } },
        destination: { loccode: destination },
      },
    );
    expect(answers[0]).toMatchObject({ status: 400, errors: [{ extensions: { code: 'BAD_USER_INPUT' } }] });
    expect(answers[0]!.errors?.[0]!.message).toContain('origin');
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
  });

  it('runs the named operation of a document of several, each time', async () => {
    const document = `query Street($code: String!) { loccode(code: $code) { street { name } } }
      query Address($code: String!) { loccode(code: $code) { address { streetName } } }`;
    const run = async (operationName: string) =>
      comparable(
        await stack.http
          .post(stack.app.url, { query: document, operationName, variables: { code: KANO } })
          .then((response) => ({ status: response.status, ...(response.json as object) })),
      );
    const answers = [];
    for (let round = 0; round < 3; round += 1) answers.push([await run('Street'), await run('Address')]);
    expect(JSON.parse(answers[0]![0]!.data)).toHaveProperty('loccode.street.name');
    expect(JSON.parse(answers[0]![1]!.data)).toHaveProperty('loccode.address.streetName');
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
  });
});

describe('graphql-jit behind Apollo Server, on a schema of its own', () => {
  const schema = makeExecutableSchema({
    typeDefs: 'type Query { broken: String, fine: String }',
    resolvers: {
      Query: {
        broken: () => {
          throw new Error('a bug, with no code');
        },
        fine: () => 'ok',
      },
    },
  });

  it('formats an error a resolver throws without extensions as graphql-js would, once compiled too', async () => {
    const server = new ApolloServer({ gateway: jitExecutor(schema, { compileMsPerSecond: 50 }) });
    await server.start();
    const answers = [];
    for (let run = 0; run < 3; run += 1) {
      const response = await server.executeOperation({ query: '{ fine broken }' });
      answers.push(response.body.kind === 'single' ? response.body.singleResult : undefined);
    }
    await server.stop();
    expect(answers[0]).toEqual({
      data: { fine: 'ok', broken: null },
      errors: [
        {
          message: 'a bug, with no code',
          locations: [{ line: 1, column: 8 }],
          path: ['broken'],
          extensions: { code: 'INTERNAL_SERVER_ERROR' },
        },
      ],
    });
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
  });

  describe('compiling takes at most QUERY_COMPILE_MS_PER_SECOND of each second', () => {
    /** Each compile takes 30 ms on the fake clock; `compiles` counts them. */
    async function serverWith(compileMsPerSecond: number) {
      let clock = 0;
      let compiles = 0;
      const compile: typeof compileQuery = (...args) => {
        compiles += 1;
        clock += 30;
        return compileQuery(...args);
      };
      const server = new ApolloServer({
        gateway: jitExecutor(schema, { compileMsPerSecond, now: () => clock, compile }),
      });
      await server.start();
      return {
        run: async (name: string) => {
          const response = await server.executeOperation({ query: `query ${name} { fine }` });
          expect(response.body.kind === 'single' && response.body.singleResult.data).toEqual({ fine: 'ok' });
        },
        compiles: () => compiles,
        advance: (ms: number) => (clock += ms),
        stop: () => server.stop(),
      };
    }

    it('compiles on second runs until the second is spent, then on a later second', async () => {
      const server = await serverWith(50);
      for (const name of ['A', 'B', 'C']) await server.run(name);
      expect(server.compiles()).toBe(0);
      // A (30 ms) and B (60 ms in all) compile; C finds the second spent and runs on graphql-js.
      for (const name of ['A', 'B', 'C']) await server.run(name);
      expect(server.compiles()).toBe(2);
      await server.run('C');
      expect(server.compiles()).toBe(2);
      server.advance(1000);
      await server.run('C');
      expect(server.compiles()).toBe(3);
      await server.stop();
    });

    it('never compiles with 0', async () => {
      const server = await serverWith(0);
      for (let run = 0; run < 3; run += 1) await server.run('A');
      server.advance(5000);
      await server.run('A');
      expect(server.compiles()).toBe(0);
      await server.stop();
    });
  });
});
