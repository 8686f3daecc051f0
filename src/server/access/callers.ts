import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { Caller } from '../../kernel/caller';
import { clientAddress, type TrustProxy } from './client-address';

/** A client of ours: its name and the SHA-256 of the key it presents. */
export interface GatewayClient {
  name: string;
  keySha256: Buffer;
}

/** A refusal to say who the caller is: always HTTP 401 `UNAUTHENTICATED`. */
export interface Unauthenticated {
  message: string;
}

const HASH_BYTES = 32;

/**
 * Gateway keys: a key arrives as `Authorization: Bearer <key>` or
 * `X-Api-Key: <key>`; only its SHA-256 is compared, in constant time, against every
 * configured hash (no early exit, so timing says nothing of which or how many).
 */
export class Callers {
  constructor(
    private readonly clients: readonly GatewayClient[],
    /** Whether a request without any key is served (as `anonymous`). */
    readonly allowAnonymous: boolean,
    /** `TRUST_PROXY`: which proxies may name the client's address; unset, the socket's peer is the client. */
    private readonly trustProxy?: TrustProxy,
  ) {}

  /** Where a request comes from: what anonymous budgets and the wrong-key throttle key on. */
  addressOf(req: Pick<IncomingMessage, 'socket' | 'headers'>): string {
    return clientAddress(req.socket.remoteAddress, req.headers, this.trustProxy);
  }

  identify(headers: IncomingHttpHeaders, remoteAddress: string | undefined): Caller | Unauthenticated {
    const presented = presentedKey(headers);
    if (presented === undefined) {
      if (this.allowAnonymous) return { name: 'anonymous', budgetKey: `anonymous:${remoteAddress ?? ''}` };
      return {
        message:
          'This gateway needs a key: send it as "Authorization: Bearer <key>" or "X-Api-Key: <key>". Ask the gateway operator for one.',
      };
    }
    if ('problem' in presented) return { message: presented.problem };
    const digest = createHash('sha256').update(presented.key, 'utf8').digest();
    let found: GatewayClient | undefined;
    for (const client of this.clients) {
      const same = client.keySha256.length === HASH_BYTES && timingSafeEqual(client.keySha256, digest);
      if (same && !found) found = client;
    }
    if (!found)
      return { message: 'The key sent is not known to this gateway. Check it, or ask for a new one.' };
    return { name: found.name, budgetKey: `client:${found.name}` };
  }
}

function presentedKey(headers: IncomingHttpHeaders): { key: string } | { problem: string } | undefined {
  const authorization = headers.authorization?.trim();
  const apiKey = headers['x-api-key'];
  const headerKey = (Array.isArray(apiKey) ? apiKey[0] : apiKey)?.trim();
  if (authorization) {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization);
    if (!match)
      return {
        problem: 'The Authorization header must be "Bearer <key>"; or send the key as "X-Api-Key: <key>".',
      };
    if (headerKey && headerKey !== match[1])
      return { problem: 'Authorization and X-Api-Key carry different keys; send one of them.' };
    return { key: match[1]! };
  }
  if (apiKey !== undefined) {
    if (!headerKey) return { problem: 'The X-Api-Key header is empty; put the key in it.' };
    return { key: headerKey };
  }
  return undefined;
}

/** The SHA-256 of a key, as `GATEWAY_API_KEYS` holds it (scripts/new-key.mjs computes the same). */
export function keyHash(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}
