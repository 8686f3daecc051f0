import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * Two things every answer carries are each built in one module, so that a new way to answer
 * cannot write them its own way: the refusal body (`{errors: [{message, extensions: {code,
 * requestId}}]}`) in src/server/refusal.ts, and the cost report (`extensions.cost`) in
 * src/server/finish.ts. A second object literal of either shape anywhere in gateway code fails here.
 */
const root = join(__dirname, '..', '..');
const GATEWAY_CODE = ['src', 'datasources', 'resolvers'];
const OUTSIDE = ['src/sandbox', 'src/graph/generated'];

const BUILDERS = [
  {
    what: 'a refusal body',
    owner: 'src/server/refusal.ts',
    shape: /\berrors\s*:\s*\[/,
  },
  {
    what: 'a cost report',
    owner: 'src/server/finish.ts',
    // An object literal (or type) naming both `requested` and `maximum`.
    shape: /\{[^{}]*\brequested\b[^{}]*\bmaximum\b[^{}]*\}/,
  },
];

function filesUnder(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (OUTSIDE.includes(path)) return [];
    if (entry.isDirectory()) return filesUnder(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

/** The code without its comments (which may well describe the shapes). */
function code(path: string): string {
  return readFileSync(join(root, path), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`])\/\/[^\n]*/g, '$1');
}

const sources = GATEWAY_CODE.flatMap(filesUnder).map((path) => ({ path, text: code(path) }));

describe.each(BUILDERS)('$what is built in $owner alone', ({ owner, shape }) => {
  it('is built there', () => {
    expect(sources.find(({ path }) => path === owner)?.text).toMatch(shape);
  });

  it('is built nowhere else', () => {
    const others = sources.filter(({ path, text }) => path !== owner && shape.test(text));
    expect(others.map(({ path }) => relative(root, join(root, path)))).toEqual([]);
  });
});
