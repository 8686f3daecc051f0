import type { Sandbox } from '../../src/sandbox';
import { TestHttp } from '../support/http';
import { startTestSandbox } from '../support/sandbox';
import { everyEndpoint } from './walk';

function withoutOrigins(text: string, sandbox: Sandbox): string {
  return Object.values(sandbox.urls).reduce((out, url) => out.split(new URL(url).host).join('{host}'), text);
}

describe('sandbox determinism', () => {
  const http = new TestHttp();
  let first: Sandbox;
  let second: Sandbox;

  beforeAll(async () => {
    first = await startTestSandbox();
    second = await startTestSandbox();
  });
  afterAll(async () => {
    await http.close();
    await Promise.all([first.close(), second.close()]);
  });

  it('two fresh instances answer every endpoint with byte-identical bodies', async () => {
    const firstSteps = everyEndpoint(first);
    const secondSteps = everyEndpoint(second);
    for (const [index, step] of firstSteps.entries()) {
      const other = secondSteps[index]!;
      const body = step.body === undefined ? undefined : JSON.stringify(step.body);
      const a = await http.send(step.method, step.url, step.headers, body);
      const b = await http.send(other.method, other.url, other.headers, body);
      expect({ step: step.name, status: a.status }).toEqual({ step: step.name, status: 200 });
      // Map styles carry absolute URLs of their own host; that is the only difference allowed.
      expect({ step: step.name, body: withoutOrigins(b.text, second) }).toEqual({
        step: step.name,
        body: withoutOrigins(a.text, first),
      });
    }
  });
});
