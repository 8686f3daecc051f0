import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

const BOUNDARY = 'import-x/no-restricted-paths';
const UNDICI = 'no-restricted-imports';
const LONG = 'max-lines-per-function';

/** A case: `code` placed at `file` (anywhere in the tree, whether the file exists or not). */
type Fixture = [name: string, file: string, code: string];

const REFUSED: Array<[...Fixture, rule: string]> = [
  ['production code importing the sandbox', 'src/server/fixture.ts', "export * from '../sandbox';", BOUNDARY],
  [
    'a datasource importing the sandbox',
    'datasources/maps/fixture.ts',
    "export * from '../../src/sandbox';",
    BOUNDARY,
  ],
  [
    'a sandbox file importing gateway code',
    'src/sandbox/kit/fixture.ts',
    "export * from '../../kernel/errors';",
    BOUNDARY,
  ],
  [
    'a sandbox file importing a datasource',
    'src/sandbox/services/fixture.ts',
    "export * from '../../../datasources/agriculture/wire';",
    BOUNDARY,
  ],
  [
    'a resolver importing the upstream base',
    'resolvers/maps/fixture.ts',
    "export * from '../../src/upstream/client';",
    BOUNDARY,
  ],
  [
    'a datasource importing a resolver',
    'datasources/agriculture/fixture.ts',
    "export * from '../../resolvers/agriculture';",
    BOUNDARY,
  ],
  [
    'a datasource importing the generated GraphQL types',
    'datasources/healthcare/fixture.ts',
    "export * from '../../src/graph/generated/graphql';",
    BOUNDARY,
  ],
  [
    'a datasource importing the server',
    'datasources/address/fixture.ts',
    "export * from '../../src/server/gateway';",
    BOUNDARY,
  ],
  [
    'the kernel importing the upstream base',
    'src/kernel/fixture.ts',
    "export * from '../upstream/client';",
    BOUNDARY,
  ],
  [
    'the upstream base importing the server',
    'src/upstream/fixture.ts',
    "export * from '../server/gateway';",
    BOUNDARY,
  ],
  [
    'observability importing the upstream base',
    'src/observability/fixture.ts',
    "export * from '../upstream/client';",
    BOUNDARY,
  ],
  ['the graph importing the server', 'src/graph/fixture.ts', "export * from '../server/gateway';", BOUNDARY],
  [
    'a function of more than 100 lines',
    'src/server/fixture.ts',
    `export function long(): void {\n${'  void 0;\n'.repeat(101)}}\n`,
    LONG,
  ],
  ['undici in a resolver', 'resolvers/maps/fixture.ts', "export { request } from 'undici';", UNDICI],
  ['undici in a datasource', 'datasources/maps/fixture.ts', "export { request } from 'undici';", UNDICI],
  ['undici in the server', 'src/server/fixture.ts', "export { request } from 'undici';", UNDICI],
  [
    'undici elsewhere in the upstream base',
    'src/upstream/fixture.ts',
    "export { Pool } from 'undici';",
    UNDICI,
  ],
];

const ALLOWED: Fixture[] = [
  ['start-up wiring choosing the sandbox', 'src/start/fixture.ts', "export * from '../sandbox';"],
  [
    'a datasource using the upstream base',
    'datasources/maps/fixture.ts',
    "export * from '../../src/upstream/client';",
  ],
  [
    'a resolver using a datasource model',
    'resolvers/maps/fixture.ts',
    "export * from '../../datasources/maps/models';",
  ],
  [
    'observability and the upstream base reading the request scope',
    'src/observability/fixture.ts',
    "export * from '../kernel/request-scope';",
  ],
  ['the sandbox using its own kit', 'src/sandbox/services/fixture.ts', "export * from '../kit/types';"],
  ['the upstream base client using undici', 'src/upstream/client.ts', "export { request } from 'undici';"],
  ['its one exchange using undici', 'src/upstream/exchange.ts', "export type { Dispatcher } from 'undici';"],
];

/** The rule ids `npm run lint` reports for each fixture, from one ESLint run with the project's config. */
function lint(fixtures: Fixture[]): string[][] {
  const output = execFileSync(process.execPath, [join(__dirname, 'lint-fixtures.mjs')], {
    input: JSON.stringify(fixtures.map(([, file, code]) => ({ file, code }))),
    encoding: 'utf8',
  });
  return JSON.parse(output) as string[][];
}

describe('npm run lint keeps the parts apart (README, Architecture) and functions short', () => {
  const refused = lint(REFUSED.map(([name, file, code]) => [name, file, code]));
  const allowed = lint(ALLOWED);

  it.each(REFUSED.map((fixture, index) => [fixture[0], fixture[3], index] as const))(
    'refuses %s (%s)',
    (_name, rule, index) => {
      expect(refused[index]).toContain(rule);
    },
  );

  it.each(ALLOWED.map((fixture, index) => [fixture[0], index] as const))('allows %s', (_name, index) => {
    expect(allowed[index]).toEqual([]);
  });
});
