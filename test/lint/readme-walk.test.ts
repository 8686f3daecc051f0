import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The README's walk of one field from the socket to the upstream (Architecture) names files
 * a newcomer opens in that order: each must exist, so the walk cannot outlive a rename.
 */
const root = join(__dirname, '..', '..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const walk = /```text\n(POST \/graphql[\s\S]*?)```/.exec(readme)?.[1] ?? '';

const named = [...walk.matchAll(/(?:src|resolvers|datasources)\/[\w./-]*[\w/]/g)].map(([path]) => path);

describe("the README's walk of Loccode.climate", () => {
  it('names the edge, the graph, the domains and the upstream base', () => {
    expect(named).toEqual(
      expect.arrayContaining(['src/server/gateway.ts', 'src/graph/context.ts', 'src/upstream/']),
    );
  });

  it.each(named)('names %s, which exists', (path) => {
    expect(existsSync(join(root, path))).toBe(true);
  });
});
