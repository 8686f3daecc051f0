import { EXAMPLE_QUERY } from '../../src/server/ide/example-query';
import { useTestStack } from '../support/gateway';

/** What Chromium sends when a person opens a URL. */
const BROWSER_ACCEPT =
  'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';

/** Every `src` and `href` of an HTML document. */
function linksOf(html: string): string[] {
  return [...html.matchAll(/\b(?:src|href)="([^"]*)"/g)].map((match) => match[1]!);
}

describe('the GraphQL IDE over HTTP', () => {
  const stack = useTestStack();

  it('serves the GraphiQL page to a browser opening /graphql', async () => {
    const page = await stack.http.get(stack.app.url, { accept: BROWSER_ACCEPT });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toContain("connect-src 'self'");
    expect(page.text).toContain('<div id="graphiql">');
  });

  it('links only files of this server, each answering with its content type and a long cache life', async () => {
    const page = await stack.http.get(stack.app.url, { accept: BROWSER_ACCEPT });
    const links = linksOf(page.text);
    const files = links.filter((link) => link.startsWith('/graphql/ide/'));
    expect(links.filter((link) => !files.includes(link))).toEqual(['data:,']); // the empty favicon
    expect(files.map((file) => file.split('/').pop())).toEqual([
      'graphiql.min.css',
      'react.production.min.js',
      'react-dom.production.min.js',
      'graphiql.min.js',
      'start-graphiql.js',
    ]);
    const origin = new URL(stack.app.url).origin;
    for (const file of files) {
      const response = await stack.http.get(`${origin}${file}`);
      expect({ file, status: response.status }).toEqual({ file, status: 200 });
      expect(response.headers['content-type']).toBe(
        file.endsWith('.css') ? 'text/css; charset=utf-8' : 'text/javascript; charset=utf-8',
      );
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.text).not.toMatch(/sourceMappingURL|@import|https:\/\/fonts\./);
    }
  });

  it('gzips the IDE files for a client that accepts it', async () => {
    const page = await stack.http.get(stack.app.url, { accept: BROWSER_ACCEPT });
    const script = linksOf(page.text).find((link) => link.endsWith('/graphiql.min.js'))!;
    const plain = await stack.http.get(`${new URL(stack.app.url).origin}${script}`);
    const gzipped = await stack.http.get(`${new URL(stack.app.url).origin}${script}`, {
      'accept-encoding': 'gzip',
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(Number(gzipped.headers['content-length'])).toBeLessThan(
      Number(plain.headers['content-length']) / 2,
    );
  });

  it('answers 404 for an IDE file it does not have', async () => {
    const origin = new URL(stack.app.url).origin;
    expect((await stack.http.get(`${origin}/graphql/ide/0000/graphiql.min.js`)).status).toBe(404);
  });

  it('leaves a GET with a query to GraphQL, CSRF rule included', async () => {
    const url = `${stack.app.url}?query=${encodeURIComponent('{ __typename }')}`;
    const blocked = await stack.http.get(url, { accept: BROWSER_ACCEPT });
    expect(blocked.status).toBe(400);
    expect(blocked.text).toContain('CSRF');
    const answered = await stack.http.get(url, {
      accept: BROWSER_ACCEPT,
      'apollo-require-preflight': 'true',
    });
    expect(answered.json.data).toEqual({ __typename: 'Query' });
    expect(answered.json.errors).toBeUndefined();
  });

  it('leaves a GET that prefers JSON to GraphQL', async () => {
    const response = await stack.http.get(stack.app.url, { accept: 'application/json, text/html' });
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.status).toBe(400);
  });

  it("runs the first tab's example against all four services without an error", async () => {
    const { data, errors } = await stack.query(EXAMPLE_QUERY);
    expect(errors).toBeUndefined();
    const { climate, pests, cropYield, facilities, street, address } = data.loccode;
    expect(climate.city).toEqual(expect.any(String));
    expect(pests.__typename).toBe('PestProfile');
    expect(cropYield.tonnesPerHectare).toBeGreaterThan(0);
    expect(facilities.facilities.length).toBeGreaterThan(0);
    expect(street.name).toEqual(expect.any(String));
    expect(address.addresses.length).toBeGreaterThan(0);
  });
});
