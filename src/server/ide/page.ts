import { ideAsset, type IdeAsset } from './assets';
import { EXAMPLE_QUERY } from './example-query';

/**
 * The page may load and call only this server: even a script that wanted to reach
 * elsewhere is stopped by the browser. Styles stay inline-capable because GraphiQL's
 * dialogs inject `<style>` elements.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

export const IDE_PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-cache',
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
};

/** The script that mounts GraphiQL, with the example as its first tab; it posts to the page's own URL. */
export function startScript(): IdeAsset {
  // The code is in the query itself: GraphiQL 3 leaves the first default tab's variables out of its editor.
  const tab = { query: EXAMPLE_QUERY };
  return ideAsset(
    'start-graphiql.js',
    `'use strict';
(function () {
  var endpoint = window.location.origin + window.location.pathname;
  ReactDOM.createRoot(document.getElementById('graphiql')).render(
    React.createElement(GraphiQL, {
      fetcher: GraphiQL.createFetcher({ url: endpoint }),
      defaultTabs: [${JSON.stringify(tab)}],
      isHeadersEditorEnabled: true,
    }),
  );
})();
`,
  );
}

/** The HTML of the IDE: stylesheets, then scripts in dependency order, all from this server. */
export function idePage(styles: IdeAsset[], scripts: IdeAsset[]): string {
  const links = styles.map((style) => `    <link rel="stylesheet" href="${style.url}" />`);
  const tags = scripts.map((script) => `    <script src="${script.url}"></script>`);
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>loccode-graph · GraphiQL</title>
    <link rel="icon" href="data:," />
${links.join('\n')}
    <style>
      body { margin: 0; }
      #graphiql { height: 100vh; }
    </style>
  </head>
  <body>
    <div id="graphiql">Loading GraphiQL…</div>
    <noscript>GraphiQL needs JavaScript. GraphQL itself answers POST requests at this URL.</noscript>
${tags.join('\n')}
  </body>
</html>
`;
}

const JSON_TYPES = ['application/json', 'application/graphql-response+json'];

/** Whether an Accept header ranks HTML above every JSON type, as a browser's navigation does. */
export function prefersHtml(accept: string | undefined): boolean {
  const quality = new Map<string, number>();
  for (const entry of (accept ?? '').split(',')) {
    const [type = '', ...parameters] = entry.split(';').map((part) => part.trim().toLowerCase());
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    quality.set(type, q === undefined ? 1 : Number(q.slice(2)));
  }
  const html = quality.get('text/html') ?? 0;
  return JSON_TYPES.every((type) => html > (quality.get(type) ?? 0));
}
