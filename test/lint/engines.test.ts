import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';

/**
 * `npm ci` prints no EBADENGINE warning on any Node we support. The lowest release
 * of each line we claim: 20.18.1 (undici 7 needs it), 22.13.0 (graphql-codegen's prompts need
 * it), 24.0.0. npm warns for every non-optional package in the tree whose `engines.node` the
 * running Node does not satisfy, tested with semver and `includePrerelease` (npm-install-checks);
 * this reads the same lock file `npm ci` installs from. An optional package that fails is not
 * warned about but silently left out, which breaks the tool that loads it (vite 8 lost its native
 * rolldown binding on Node 20.18 that way), so optional native builds for x64 and arm64 are
 * checked too; other optional packages (wasm32 builds and their runtime) are never installed here.
 */
const LOWEST_SUPPORTED = ['20.18.1', '22.13.0', '24.0.0'];
/** The npm bundled with the lowest Node above, for the few packages that also name `engines.npm`. */
const LOWEST_NPM = '10.8.2';

interface LockedPackage {
  version?: string;
  optional?: boolean;
  cpu?: string[];
  engines?: { node?: string; npm?: string };
}

const root = join(__dirname, '..', '..');
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, LockedPackage>;
};
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  engines: { node: string };
};

const fits = (version: string, range: string | undefined) =>
  range === undefined || semver.satisfies(version, range, { includePrerelease: true });

const installable = (pkg: LockedPackage) =>
  !pkg.optional || (pkg.cpu ?? []).some((cpu) => cpu === 'x64' || cpu === 'arm64');

/** `path@version needs range` for each package in the lock file that `node` does not satisfy. */
function offenders(node: string): string[] {
  return Object.entries(lock.packages)
    .filter(([, pkg]) => installable(pkg) && !fits(node, pkg.engines?.node))
    .map(([path, pkg]) => `${path || 'root'}@${pkg.version} needs node ${pkg.engines?.node}`);
}

describe('engines: npm ci warns about no package on a supported Node', () => {
  it.each(LOWEST_SUPPORTED)('every package in package-lock.json runs on Node %s', (node) => {
    expect(offenders(node)).toEqual([]);
  });

  it('package.json admits each of those versions, and nothing older on their lines', () => {
    expect(LOWEST_SUPPORTED.filter((node) => !fits(node, manifest.engines.node))).toEqual([]);
    expect(fits('20.18.0', manifest.engines.node)).toBe(false);
    // 22.0 to 22.12 would warn (see above): package.json says so rather than admit them.
    expect(fits('22.12.0', manifest.engines.node)).toBe(false);
  });

  it(`no package needs a newer npm than ${LOWEST_NPM}`, () => {
    const needy = Object.entries(lock.packages).filter(([, pkg]) => !fits(LOWEST_NPM, pkg.engines?.npm));
    expect(needy.map(([path, pkg]) => `${path}@${pkg.version} needs npm ${pkg.engines?.npm}`)).toEqual([]);
  });
});
