import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { useTestStack } from './support/gateway';

const README = readFileSync(join(__dirname, '..', 'README.md'), 'utf8');

/** The README's "Try it" example: the query its curl sends, and the answer it shows. */
function tryItExample(): { query: string; answer: unknown } {
  const section = README.slice(README.indexOf('## Try it'));
  const body = /-d '(\{.*\})'/.exec(section)?.[1];
  const answer = /```json\n([\s\S]*?)\n```/.exec(section)?.[1];
  if (!body || !answer) throw new Error('README has no "Try it" curl example with its JSON answer');
  return { query: (JSON.parse(body) as { query: string }).query, answer: JSON.parse(answer) };
}

describe('README', () => {
  // Production defaults, as `npm start` runs: the answer shows the default budget.
  const stack = useTestStack({});

  it('shows the answer its example query really gets', async () => {
    const { query, answer } = tryItExample();
    const { response } = await stack.query(query);
    expect(response.json).toEqual(answer);
  });

  it('names the two commands, and the scripts they run exist', () => {
    const scripts = (
      JSON.parse(readFileSync(join(__dirname, '..', 'package.json'), 'utf8')) as {
        scripts: Record<string, string>;
      }
    ).scripts;
    expect(README).toContain('npm ci && npm start');
    expect(README).toContain('npm test');
    for (const script of ['start', 'test', 'sandbox', 'bench', 'codegen'])
      expect(scripts[script]).toBeDefined();
  });
});
