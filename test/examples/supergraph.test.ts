import { composeSupergraph, readSubgraphSdl } from '../../examples/supergraph/compose';
import { FARMS_SDL } from '../../examples/supergraph/farms';
import { startSupergraph, type RunningSupergraph } from '../../examples/supergraph/main';
import { keyHash } from '../../src/server/access/callers';
import { SINGLE_REQUEST_DISCIPLINE, startTestStack, type TestStack } from '../support/gateway';

const ROUTER_KEY = 'lg_supergraph-router-test-key-01';

/** Requests our gateway served for operations whose name starts with `prefix`, from /metrics. */
async function requestsServed(stack: TestStack, prefix: string): Promise<number> {
  const metrics = await stack.http.get(stack.app.url.replace(/\/graphql$/, '/metrics'));
  return metrics.text
    .split('\n')
    .filter((line) => line.startsWith(`loccode_graphql_requests_total{operation="${prefix}`))
    .reduce((total, line) => total + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
}

describe('examples/supergraph: loccode-graph and a farms subgraph composed behind @apollo/gateway', () => {
  let stack: TestStack;
  let supergraph: RunningSupergraph;

  beforeAll(async () => {
    // Keys required, so the router's own calls (`_service`, `_entities`) must carry its key.
    stack = await startTestStack({
      ...SINGLE_REQUEST_DISCIPLINE,
      GATEWAY_API_KEYS: `router:${keyHash(ROUTER_KEY)}`,
      ALLOW_ANONYMOUS: 'false',
    });
    supergraph = await startSupergraph({
      loccodeUrl: stack.app.url,
      loccodeKey: ROUTER_KEY,
      farmsPort: 0,
      port: 0,
    });
  });
  afterAll(async () => {
    await supergraph?.close();
    await stack?.close();
  });

  it('composes with exactly the one hint the README explains', () => {
    // CacheControlScope types only the arguments of @cacheControl, a directive composition
    // does not carry into the supergraph, so the enum looks unused there (harmless).
    expect(supergraph.hints).toEqual([
      'UNUSED_ENUM_TYPE: Enum type "CacheControlScope" is defined but unused. It will be included in the supergraph with all the values appearing in any subgraph ("as if" it was only used as an output type).',
    ]);
  });

  it('resolves one query across both subgraphs: farm → loccode climate, loccode → farms', async () => {
    const response = await fetch(supergraph.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query: `query FarmsAndClimate {
          farms { name loccode { code climate { state } } }
          loccode(code: "KN3A 7QP") { climate { state } farms { name } }
        }`,
      }),
    });
    const body = (await response.json()) as { data?: unknown; errors?: unknown[] };

    expect(body.errors).toBeUndefined();
    // States of these codes in the sandbox dataset; farm names and places from the farms subgraph.
    const at = (code: string, state: string) => ({ code, climate: { state } });
    expect(body.data).toEqual({
      farms: [
        { name: 'Zik Avenue Maize Cooperative', loccode: at('KN3A 7QP', 'Kano') },
        { name: 'Kano Municipal Tomato Growers', loccode: at('KN3A 7QP', 'Kano') },
        { name: 'Makurdi Yam Farm', loccode: at('BE8D 3AQ', 'Benue') },
        { name: 'Ogbomosho Cassava Farm', loccode: at('OY6X 8FC', 'Oyo') },
        { name: 'Ikeja Pepper Garden', loccode: at('LA8G 3QU', 'Lagos') },
      ],
      loccode: {
        climate: { state: 'Kano' },
        farms: [{ name: 'Zik Avenue Maize Cooperative' }, { name: 'Kano Municipal Tomato Growers' }],
      },
    });
    // Two requests reach our gateway: `loccode(code:)`, and one `_entities` batch for all five
    // farms' loccodes, in which the four distinct codes get one climate call each.
    expect(await requestsServed(stack, 'FarmsAndClimate__loccode__')).toBe(2);
    expect(stack.sandbox.controls.counts()).toEqual({ 'agriculture/climate': 5 });
  });

  it('fails composition loudly, naming the conflict, when a subgraph disagrees on the key type', async () => {
    const sdl = await readSubgraphSdl(stack.app.url, ROUTER_KEY);
    // The first `code: String!` of the farms SDL is the Loccode key.
    const conflicting = FARMS_SDL.replace('code: String!', 'code: Int!');
    expect(conflicting).not.toBe(FARMS_SDL);
    expect(() =>
      composeSupergraph([
        { name: 'loccode', url: stack.app.url, sdl },
        { name: 'farms', url: 'http://127.0.0.1:1/', sdl: conflicting },
      ]),
    ).toThrow(/Composition failed:\n- .*"Loccode\.code"/);
  });

  it('cannot read the subgraph SDL without the router key', async () => {
    await expect(readSubgraphSdl(stack.app.url)).rejects.toThrow(/gave no subgraph SDL \(HTTP 401\)/);
  });
});
