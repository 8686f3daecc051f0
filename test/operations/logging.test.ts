import { readFileSync } from 'node:fs';
import { apolloLogger, errorFields } from '../../src/observability/logger';
import { useTestStack } from '../support/gateway';

/** Every line is JSON through one logger, and the mapDisplay "Not caching" warning is gone at its cause. */
const logLines = (): string[] => readFileSync(process.env.LOG_FILE!, 'utf8').split('\n').filter(Boolean);

describe('log lines', () => {
  it("writes Apollo's own messages as JSON lines of the one logger", () => {
    apolloLogger.warn('apollo says hello from logging.test');
    const line = logLines().find((text) => text.includes('apollo says hello from logging.test'))!;
    expect(JSON.parse(line)).toMatchObject({ level: 'warn', source: 'apollo' });
  });

  it('logs a transport failure by its message and code, not as the bare word "Error"', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' });
    expect(errorFields(new TypeError('fetch failed', { cause: refused }))).toEqual({
      error: 'fetch failed',
      code: 'ECONNREFUSED',
    });
    expect(errorFields(new Error(''))).toEqual({ error: 'Error' });
  });
});

describe('mapDisplay with the response cache on (production defaults)', () => {
  const stack = useTestStack({});
  const styleUrl = async (host: string) => {
    const response = await stack.http.post(
      stack.app.url,
      { query: '{ mapDisplay { styleUrl } }' },
      { host, 'x-request-id': `map-display-${host}` },
    );
    return { url: response.json.data.mapDisplay.styleUrl as string, age: response.headers.age };
  };

  it('caches the answer per origin it was built for, without a "Not caching" warning', async () => {
    const first = await styleUrl('maps-a.example');
    const again = await styleUrl('maps-a.example');
    const other = await styleUrl('maps-b.example');
    expect(first.url.startsWith('http://maps-a.example/')).toBe(true);
    expect(first.age).toBeUndefined();
    // Answered by the response cache: Apollo's plugin sets Age on a hit.
    expect(again).toEqual({ url: first.url, age: expect.any(String) });
    expect(other.url.startsWith('http://maps-b.example/')).toBe(true);
    expect(logLines().filter((line) => line.includes('Not caching'))).toEqual([]);
  });
});
