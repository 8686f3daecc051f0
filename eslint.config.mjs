import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

/** The parts of the code (README, Architecture). */
const PART = {
  kernel: 'src/kernel',
  observability: 'src/observability',
  upstream: 'src/upstream',
  graph: 'src/graph',
  server: 'src/server',
  start: 'src/start',
  sandbox: 'src/sandbox',
  datasources: 'datasources',
  resolvers: 'resolvers',
};
const GATEWAY = Object.values(PART).filter((part) => part !== PART.sandbox);

/**
 * Which part may not import which, each with the reason a newcomer is told. Zones are
 * checked on resolved files (import-x), so a boundary holds however the path is written.
 */
const BOUNDARIES = [
  {
    target: PART.kernel,
    from: GATEWAY.filter((part) => part !== PART.kernel).concat(PART.sandbox),
    message: 'src/kernel is shared by every part, so it imports none of them.',
  },
  {
    target: PART.upstream,
    from: [PART.graph, PART.server, PART.start, PART.datasources, PART.resolvers, PART.sandbox],
    message: 'The upstream base knows HTTP and upstream discipline, not the graph, the edge or the domains.',
  },
  {
    target: PART.observability,
    from: [
      PART.upstream,
      PART.graph,
      PART.server,
      PART.start,
      PART.datasources,
      PART.resolvers,
      PART.sandbox,
    ],
    message:
      'Observability is used by the edge and the upstream base, so it imports neither (the request scope is in src/kernel), nor the graph or the domains.',
  },
  {
    target: PART.datasources,
    from: [PART.resolvers, PART.graph, PART.server, PART.start, PART.sandbox],
    message:
      'Datasources return domain models: they never import resolvers, GraphQL types (src/graph), the server or start-up.',
  },
  {
    target: PART.resolvers,
    from: [PART.upstream, PART.server, PART.start, PART.sandbox],
    message:
      'Resolvers read arguments and call loaders; HTTP and the upstream base are the datasources’ business.',
  },
  {
    target: PART.graph,
    from: [PART.server],
    message:
      'The graph (schema, per-request context) is served by the edge and knows nothing of it: what the edge needs per request it keeps itself.',
  },
  {
    target: [PART.graph, PART.server],
    from: [PART.start, PART.sandbox],
    message:
      'Only start-up wiring (src/start) chooses the sandbox; the rest of the gateway never imports it.',
  },
  {
    target: PART.sandbox,
    from: [...GATEWAY, 'test', 'bench', 'scripts', 'examples'],
    message:
      'The sandbox is an independent second reading of the specs: it imports nothing from the gateway (write its own).',
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'node_modules/',
      '.cache/',
      'coverage/',
      'src/graph/generated/',
      'examples/*/dist/',
      'examples/*/src/gql/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'always'],
      'no-console': 'off',
    },
  },
  {
    files: ['**/*.ts'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js', '.json'] })] },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: BOUNDARIES }],
    },
  },
  {
    // One module owns HTTP pools and requests to the upstreams: the upstream base (and its one exchange).
    files: ['src/**/*.ts', 'datasources/**/*.ts', 'resolvers/**/*.ts'],
    ignores: ['src/upstream/client.ts', 'src/upstream/exchange.ts', 'src/sandbox/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'undici', message: 'Upstream HTTP goes through src/upstream/client.ts.' }] },
      ],
    },
  },
  {
    // A function longer than this is several functions; blank lines and comments are not counted.
    files: ['src/**/*.ts'],
    rules: {
      'max-lines-per-function': ['error', { max: 100, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: { globals: { module: 'writable', require: 'readonly' } },
  },
);
