import { Agent, request } from 'undici';

/**
 * Tailcall's side of the peer benchmark: the nine upstream operations
 * both gateways serve for one loccode, a Tailcall configuration linking them by loccode,
 * and the types of that configuration, inferred from the upstreams' own answers (Tailcall
 * has no spec reader, and writing its types by hand would be a third reading of the specs).
 */
export const PEER_CODE = 'KN3A 7QP';

export type Service = 'agriculture' | 'maps' | 'healthcare' | 'address';

/**
 * How each service is reached: the gateway's own variables, the path prefix its spec puts
 * below the base URL (specs, "Base address"/"Addresses"), and where its key goes (maps:
 * `X-Api-Key`, spec Authentication 2; agriculture also wants JSON's content type on GETs).
 */
export const SERVICES: Record<
  Service,
  { baseVariable: string; keyVariable: string; prefix: string; headers: Record<string, string> }
> = {
  agriculture: {
    baseVariable: 'AGRI_BASE_URL',
    keyVariable: 'AGRI_API_KEY',
    prefix: '/api/v1',
    headers: { Authorization: 'Bearer {key}', 'Content-Type': 'application/json' },
  },
  maps: {
    baseVariable: 'MAP_API_BASE_URL',
    keyVariable: 'MAP_API_KEY',
    prefix: '/sdk/v1',
    headers: { 'X-Api-Key': '{key}' },
  },
  healthcare: {
    baseVariable: 'HEALTH_BASE_URL',
    keyVariable: 'HEALTH_API_KEY',
    prefix: '/api/v1',
    headers: { Authorization: 'Bearer {key}' },
  },
  address: {
    baseVariable: 'ADDRESS_BASE_URL',
    keyVariable: 'ADDRESS_API_KEY',
    prefix: '/v1',
    headers: { Authorization: 'Bearer {key}' },
  },
};

export interface PeerField {
  /** The `Loccode` field, named as in our schema. */
  field: string;
  /** The field with its arguments in our schema, and in Tailcall's (plain strings, the wire values). */
  ours: string;
  tailcall: string;
  /** Tailcall's argument declaration, and the values the type inference asks with. */
  args?: { declaration: string; sample: Record<string, string> };
  /** Tailcall's type of the answer. */
  type: string;
  service: Service;
  /** Below the service's prefix; `{code}` is the loccode, `{args.x}` an argument. */
  path: string;
  query?: Record<string, string>;
  /** Member of the envelope that holds the answer (maps, spec Envelope; wrapped healthcare answers). */
  select?: 'data';
}

/** The nine upstream operations of the peer benchmark for one loccode; pests in crop mode (Tailcall's field takes the crop). */
export const PEER_FIELDS: PeerField[] = [
  {
    field: 'street',
    ours: 'street',
    tailcall: 'street',
    type: 'Street',
    service: 'maps',
    path: '/loccode/{code}',
    select: 'data',
  },
  {
    field: 'address',
    ours: 'address',
    tailcall: 'address',
    type: 'AddressRecord',
    service: 'address',
    path: '/addresses/search/loccode/{code}',
  },
  {
    field: 'climate',
    ours: 'climate',
    tailcall: 'climate',
    type: 'ClimateResponse',
    service: 'agriculture',
    path: '/data/climate/by-loccode',
    query: { loccode: '{code}' },
  },
  {
    field: 'pests',
    ours: 'pests(crop: MAIZE)',
    tailcall: 'pests(crop: "maize")',
    args: { declaration: 'crop: String', sample: { crop: 'maize' } },
    type: 'PestProfile',
    service: 'agriculture',
    path: '/monitoring/pests/by-loccode',
    query: { loccode: '{code}', crop: '{args.crop}' },
  },
  {
    field: 'cropYield',
    ours: 'cropYield(crop: YAM)',
    tailcall: 'cropYield(crop: "yam")',
    args: { declaration: 'crop: String!', sample: { crop: 'yam' } },
    type: 'YieldPrediction',
    service: 'agriculture',
    path: '/predict/yield/by-loccode',
    query: { loccode: '{code}', crop: '{args.crop}' },
  },
  {
    field: 'facilities',
    ours: 'facilities(level: PRIMARY)',
    tailcall: 'facilities(level: "Primary")',
    args: { declaration: 'level: String!', sample: { level: 'Primary' } },
    type: 'FacilitySearch',
    service: 'healthcare',
    path: '/facilities',
    query: { loccode: '{code}', facility_level: '{args.level}' },
    select: 'data',
  },
  {
    field: 'healthcareAccess',
    ours: 'healthcareAccess',
    tailcall: 'healthcareAccess',
    type: 'AccessResult',
    service: 'healthcare',
    path: '/access',
    query: { loccode: '{code}' },
  },
  {
    field: 'healthRisk',
    ours: 'healthRisk',
    tailcall: 'healthRisk',
    type: 'HealthRisk',
    service: 'healthcare',
    path: '/health-risk',
    query: { loccode: '{code}' },
    select: 'data',
  },
  {
    field: 'heatmap',
    ours: 'heatmap',
    tailcall: 'heatmap',
    type: 'Heatmap',
    service: 'healthcare',
    path: '/heatmap',
    query: { loccode: '{code}' },
  },
];

/** Each service's base URL without a trailing slash or its spec's prefix, as the gateway reads it. */
export function normalisedUpstreamEnv(env: Record<string, string>): Record<string, string> {
  const out = { ...env };
  for (const { baseVariable, prefix } of Object.values(SERVICES)) {
    const base = (env[baseVariable] ?? '').replace(/\/+$/, '');
    if (!base) throw new Error(`${baseVariable} is not set`);
    out[baseVariable] = base.endsWith(prefix) ? base.slice(0, -prefix.length) : base;
  }
  return out;
}

/** Field name → GraphQL type, per inferred object type. */
export type InferredTypes = Map<string, Map<string, string>>;

const pascal = (key: string) => key.replace(/(?:^|_)([a-z0-9])/g, (_, c: string) => c.toUpperCase());
const GRAPHQL_NAME = /^[A-Za-z][_0-9A-Za-z]*$/;

/**
 * The GraphQL type of every value seen at one place of the answers: objects become types named
 * after their path, lists the type of their members. Every number is a Float: one that is whole
 * in this answer may not be in the next (temperatures follow the hour) and Tailcall would then
 * refuse it as an Int. A value null in every answer is a String (specs: "null in all seen records").
 */
function inferType(types: InferredTypes, name: string, values: unknown[]): string {
  const present = values.filter((value) => value !== null && value !== undefined);
  if (present.length === 0) return 'String';
  if (present.every(Array.isArray)) return `[${inferType(types, name, present.flat())}]`;
  if (present.every((value) => typeof value === 'object' && !Array.isArray(value))) {
    const records = present as Array<Record<string, unknown>>;
    const fields = types.get(name) ?? new Map<string, string>();
    types.set(name, fields);
    for (const key of new Set(records.flatMap(Object.keys))) {
      if (GRAPHQL_NAME.test(key))
        fields.set(
          key,
          inferType(
            types,
            name + pascal(key),
            records.map((record) => record[key]),
          ),
        );
    }
    return name;
  }
  for (const [kind, type] of [
    ['boolean', 'Boolean'],
    ['number', 'Float'],
    ['string', 'String'],
  ] as const) {
    if (present.every((value) => typeof value === kind)) return type;
  }
  return 'JSON';
}

/** `{code}` and `{args.x}` filled in, for one sample call. */
function fill(template: string, field: PeerField, code: string): string {
  return template
    .replace('{code}', code)
    .replace(/\{args\.(\w+)\}/g, (_, name: string) => field.args!.sample[name]!);
}

/** One of the nine operations' upstream call for `PEER_CODE`, as the gateway would send it. */
export interface PeerCall {
  field: PeerField;
  url: URL;
  /** The service's headers, its key filled in. */
  headers: Record<string, string>;
}

/** The nine upstream calls the benchmark's query makes, over the services `upstreamEnv` names. */
export function peerCalls(upstreamEnv: Record<string, string>): PeerCall[] {
  const env = normalisedUpstreamEnv(upstreamEnv);
  return PEER_FIELDS.map((field) => {
    const service = SERVICES[field.service];
    const url = new URL(
      env[service.baseVariable] + service.prefix + fill(field.path, field, encodeURIComponent(PEER_CODE)),
    );
    for (const [name, value] of Object.entries(field.query ?? {}))
      url.searchParams.set(name, fill(value, field, PEER_CODE));
    const headers = Object.fromEntries(
      Object.entries(service.headers).map(([name, value]) => [
        name,
        value.replace('{key}', env[service.keyVariable] ?? ''),
      ]),
    );
    return { field, url, headers };
  });
}

/** Asks each of the nine operations once for `PEER_CODE` and infers Tailcall's types from the answers. */
export async function inferPeerTypes(upstreamEnv: Record<string, string>): Promise<InferredTypes> {
  const agent = new Agent({ connections: 4 });
  const types: InferredTypes = new Map();
  try {
    for (const { field, url, headers } of peerCalls(upstreamEnv)) {
      const res = await request(url, { headers, dispatcher: agent });
      const body = (await res.body.json()) as Record<string, unknown>;
      if (res.statusCode !== 200)
        throw new Error(`${field.field}: ${res.statusCode} ${JSON.stringify(body).slice(0, 200)}`);
      inferType(types, field.type, [field.select ? body[field.select] : body]);
    }
  } finally {
    await agent.close();
  }
  return types;
}

/** A template placeholder Tailcall fills per call (its Mustache syntax). */
const tailcallTemplate = (template: string) =>
  template.replace('{code}', '{{.value.code}}').replace(/\{args\.(\w+)\}/g, '{{.args.$1}}');

/**
 * Tailcall's configuration: `Query.loccode(code)` makes no call (`@expr`), each `Loccode`
 * field one `@http` call to the service, its base URL and key read from the environment
 * as the gateway reads them. `cacheMs`: `@cache(maxAge)` per field (Tailcall's in-memory
 * cache of resolver results, milliseconds), or no cache when absent.
 */
export function tailcallConfig(
  types: InferredTypes,
  options: { port: number; cacheMs?: Record<string, number> },
): string {
  const fields = PEER_FIELDS.map((field) => {
    const service = SERVICES[field.service];
    const headers = Object.entries(service.headers).map(
      ([name, value]) =>
        `{key: "${name}", value: "${value.replace('{key}', `{{.env.${service.keyVariable}}}`)}"}`,
    );
    const parts = [
      `url: "{{.env.${service.baseVariable}}}${service.prefix}${tailcallTemplate(field.path)}"`,
      `headers: [${headers.join(', ')}]`,
    ];
    const query = Object.entries(field.query ?? {}).map(
      ([key, value]) => `{key: "${key}", value: "${tailcallTemplate(value)}"}`,
    );
    if (query.length > 0) parts.push(`query: [${query.join(', ')}]`);
    if (field.select) parts.push(`select: "{{.${field.select}}}"`);
    const maxAge = options.cacheMs?.[field.field];
    if (options.cacheMs && maxAge === undefined) throw new Error(`no cache age for ${field.field}`);
    const cache = maxAge === undefined ? '' : ` @cache(maxAge: ${maxAge})`;
    const args = field.args ? `(${field.args.declaration})` : '';
    return `  ${field.field}${args}: ${field.type} @http(${parts.join(', ')})${cache}`;
  });
  const objectTypes = [...types].map(
    ([name, members]) =>
      `type ${name} {\n${[...members].map(([key, type]) => `  ${key}: ${type}`).join('\n')}\n}`,
  );
  return [
    `# Written by bench/tailcall-config.ts for one benchmark run; types inferred from the answers for ${PEER_CODE}.`,
    `schema @server(port: ${options.port}, hostname: "127.0.0.1") @upstream(poolMaxIdlePerHost: 200, keepAliveInterval: 60) {\n  query: Query\n}`,
    'type Query {\n  loccode(code: String!): Loccode @expr(body: {code: "{{.args.code}}"})\n}',
    `type Loccode {\n  code: String!\n${fields.join('\n')}\n}`,
    ...objectTypes,
  ].join('\n\n');
}

/** Every field of an inferred type, objects recursively. */
function selectAll(types: InferredTypes, name: string): string {
  const members = [...types.get(name)!].map(([key, type]) => {
    const named = type.replace(/[[\]!]/g, '');
    return types.has(named) ? `${key} ${selectAll(types, named)}` : key;
  });
  return `{ ${members.join(' ')} }`;
}

/** The query Tailcall is loaded with: every field of the nine answers, the code as a variable. */
export function tailcallQuery(types: InferredTypes): string {
  const fields = PEER_FIELDS.map((field) => `${field.tailcall} ${selectAll(types, field.type)}`);
  return `query Peer($code: String!) { loccode(code: $code) { code ${fields.join(' ')} } }`;
}
