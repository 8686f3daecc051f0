// The server's resolver types (src/graph/generated/), regenerated only when the SDL or the
// codegen configuration is newer than them: `npm run build` and `npm run typecheck` call it
// on every run, and graphql-codegen takes a second or two even when nothing changed.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const output = join(root, 'src', 'graph', 'generated', 'graphql.ts');
const inputs = [
  join(root, 'codegen.yml'),
  ...readdirSync(join(root, 'schema')).map((name) => join(root, 'schema', name)),
];
const stale =
  !existsSync(output) || inputs.some((input) => statSync(input).mtimeMs > statSync(output).mtimeMs);
if (stale) {
  execFileSync(
    join(root, 'node_modules', '.bin', 'graphql-codegen'),
    ['--config', 'codegen.yml', '--silent'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
}
