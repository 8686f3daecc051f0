import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { dirname, extname, join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Where the IDE's files are served: below the endpoint, so whatever forwards `/graphql` forwards them too. */
export const IDE_ASSET_PREFIX = '/graphql/ide/';

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

export interface IdeAsset {
  /** Absolute path on this server; it names the content's hash, so the file can be cached for good. */
  url: string;
  contentType: string;
  body: Buffer;
  gzipped?: Buffer;
}

/** An asset from its file name and content. */
export function ideAsset(fileName: string, content: string): IdeAsset {
  const contentType = CONTENT_TYPES[extname(fileName)];
  if (!contentType) throw new Error(`no content type for IDE file ${fileName}`);
  const body = Buffer.from(content, 'utf8');
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 16);
  return { url: `${IDE_ASSET_PREFIX}${hash}/${fileName}`, contentType, body };
}

/**
 * A file of an installed npm package, read now. Its `sourceMappingURL` comment goes: the map
 * is not served, and a browser's developer tools would otherwise ask for it and fail.
 */
export function packageAsset(packageName: string, file: string): IdeAsset {
  const root = dirname(require.resolve(`${packageName}/package.json`));
  const content = readFileSync(join(root, file), 'utf8').replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n');
  return ideAsset(file.split('/').pop()!, content);
}

/** Answers a GET or HEAD for `asset` (404 when there is none), gzipped when the client accepts it. */
export function serveAsset(asset: IdeAsset | undefined, req: IncomingMessage, res: ServerResponse): void {
  if (!asset) return sendText(res, 404, 'No such IDE file; open /graphql in a browser.');
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.setHeader('allow', 'GET, HEAD');
    return sendText(res, 405, 'IDE files answer GET and HEAD only.');
  }
  const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
  const body = gzip ? (asset.gzipped ??= gzipSync(asset.body)) : asset.body;
  res.writeHead(200, {
    'content-type': asset.contentType,
    'content-length': body.length,
    'cache-control': 'public, max-age=31536000, immutable',
    'x-content-type-options': 'nosniff',
    vary: 'accept-encoding',
    ...(gzip && { 'content-encoding': 'gzip' }),
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

function sendText(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
  res.end(message);
}
