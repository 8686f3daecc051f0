import type { IncomingMessage, ServerResponse } from 'node:http';
import { IDE_ASSET_PREFIX, packageAsset, serveAsset, type IdeAsset } from './assets';
import { IDE_PAGE_HEADERS, idePage, prefersHtml, startScript } from './page';

/** The GraphQL endpoint itself: a browser opening it gets the IDE, which posts back to it. */
const PAGE_PATH = '/graphql';

export interface Ide {
  /**
   * Serves the IDE page (a browser opening the endpoint: GET, HTML preferred, no `query`
   * parameter) or one of its files, and says whether it did; every other request is left
   * to GraphQL.
   */
  answer(req: IncomingMessage, res: ServerResponse, url: URL): boolean;
}

/** GraphiQL from the installed npm packages, read once at start: the browser fetches nothing from elsewhere. */
export function createIde(): Ide {
  const styles = [packageAsset('graphiql', 'graphiql.min.css')];
  // graphiql's UMD build expects React and ReactDOM as globals.
  const scripts = [
    packageAsset('react', 'umd/react.production.min.js'),
    packageAsset('react-dom', 'umd/react-dom.production.min.js'),
    packageAsset('graphiql', 'graphiql.min.js'),
    startScript(),
  ];
  const assets = new Map<string, IdeAsset>([...styles, ...scripts].map((asset) => [asset.url, asset]));
  const page = Buffer.from(idePage(styles, scripts), 'utf8');
  return {
    answer: (req, res, url) => {
      if (url.pathname.startsWith(IDE_ASSET_PREFIX)) {
        serveAsset(assets.get(url.pathname), req, res);
        return true;
      }
      const opensPage =
        url.pathname === PAGE_PATH &&
        req.method === 'GET' &&
        !url.searchParams.has('query') &&
        prefersHtml(req.headers.accept);
      if (opensPage) res.writeHead(200, { ...IDE_PAGE_HEADERS, 'content-length': page.length }).end(page);
      return opensPage;
    },
  };
}
