import { createHash } from 'node:crypto';
import type {
  ApolloServerPlugin,
  GraphQLRequestContext,
  GraphQLRequestContextWillSendResponse,
} from '@apollo/server';
import { HeaderMap } from '@apollo/server';
import type { DocumentNode } from 'graphql';
import type { EdgeContext, LearnedOperation } from './edge-context';
import { logger } from '../observability/logger';
import { LastOfLength, TextMemo } from '../kernel/text-memo';
import { utf8Bytes, utf8Text } from './utf8';

/** Apollo's KeyValueCache of strings: the bounded local cache, or the one shared through Redis. */
export interface StringStore {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string, options?: { ttl?: number | null }): Promise<void>;
}

/** A response's cache policy, as Apollo's cache-control plugin computes it. */
export interface StoredPolicy {
  maxAge: number;
  scope: 'PUBLIC' | 'PRIVATE';
}

/**
 * What an operation request names, from a POST body or GET's parameters: the parts a whole
 * response depends on besides the caller's origin (for PRIVATE answers).
 */
export interface OperationRequest {
  query?: unknown;
  operationName?: unknown;
  variables?: unknown;
  extensions?: unknown;
}

/** A stored answer: the small part is parsed on a hit, the answer's `data` is copied as bytes. */
export interface CachedAnswer {
  /**
   * The `data` member's JSON, exactly as graphql-js's result serialised to, held as its UTF-8
   * bytes one character each ({@link utf8Bytes}): a hit writes it as it is, without measuring
   * or encoding it again. (One character outside Latin-1, an en dash, made the JS string of the
   * whole answer two bytes a character, and every hit scanned and encoded it twice.)
   */
  dataUtf8: string;
  policy: StoredPolicy;
  /** Epoch milliseconds when it was stored (the `age` header counts from it). */
  storedAt: number;
  /** The operation's computed cost: a hit charges it like an execution (demand control). */
  cost: number;
  /** The operation as Apollo resolved it, for metrics, the access log and the request span. */
  operationName: string | null;
  documentHash: string;
}

/** Stored under the public key of a document whose answer is PRIVATE: look again with the origin. */
interface PrivateMarker {
  private: true;
}

type Meta = Omit<CachedAnswer, 'dataUtf8'> | PrivateMarker;

/** An answer to store: its `data` as the UTF-8 bytes of the JSON it was serialised to ({@link utf8Bytes}). */
export type AnswerToKeep = Omit<CachedAnswer, 'storedAt'>;

/**
 * A new prefix for a new value format: replicas of a former format (Apollo's `fqc:`, then
 * `hit:` with the data as text) never read these.
 */
const PREFIX = 'hit-utf8:';
const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/**
 * Whole-response cache with a lean hit path. Apollo's response-cache plugin stores
 * `{data, cachePolicy, cacheTime}` as one JSON text, parses all of it on every hit, and Apollo
 * serialises the same data again: for a large answer that is much of a hit's CPU.
 * Here the `data` is kept as the UTF-8 bytes graphql-js's result serialised to, behind one short
 * line of metadata; a hit parses the line and writes the bytes as they are. The edge (answerers.ts) looks
 * up before Apollo sees the request, so a hit also skips Apollo's pipeline; the plugin
 * below stores answers and serves the requests the edge does not look up (batches).
 * Keys: the document's hash, the operation name and the variables as sent (JSON), plus the
 * public origin for an answer that is PRIVATE (map display links are built on it), hashed
 * with SHA-256 once per distinct key text.
 */
export class ResponseCache {
  /** A hit hashes no text it has seen, neither the document's nor its key's. */
  private readonly hashes = new TextMemo(sha256);

  constructor(
    private readonly store: StringStore,
    /** Whether a document selects a PRIVATE field (private-answers.ts). */
    private readonly selectsPrivate: (document: DocumentNode) => boolean,
    private readonly now: () => number = Date.now,
  ) {}

  /** The document hash of a request, as Apollo computes it (`queryHash`), or undefined if it names none. */
  documentHash(request: OperationRequest): string | undefined {
    const persisted = (request.extensions as { persistedQuery?: { sha256Hash?: unknown } } | undefined)
      ?.persistedQuery?.sha256Hash;
    if (typeof request.query !== 'string') return typeof persisted === 'string' ? persisted : undefined;
    const hash = this.hashes.of(request.query);
    // Apollo refuses a text that does not match the hash it is sent with; so does this cache (no hit).
    return typeof persisted === 'string' && persisted !== hash ? undefined : hash;
  }

  /** The key of a request's answer; undefined when the request's shape is not one Apollo would run. */
  keyOf(request: OperationRequest, session: string | null): string | undefined {
    const documentHash = this.documentHash(request);
    if (documentHash === undefined) return undefined;
    const { operationName, variables } = request;
    if (operationName !== undefined && operationName !== null && typeof operationName !== 'string')
      return undefined;
    if (
      variables !== undefined &&
      variables !== null &&
      (typeof variables !== 'object' || Array.isArray(variables))
    )
      return undefined;
    return this.hashes.of(JSON.stringify([documentHash, operationName ?? null, variables ?? {}, session]));
  }

  /** The answer stored for this request, looking again under the origin when it is PRIVATE. */
  async lookup(request: OperationRequest, origin: () => string): Promise<CachedAnswer | undefined> {
    const key = this.keyOf(request, null);
    if (key === undefined) return undefined;
    const found = await this.read(key);
    if (found === undefined || !('private' in found)) return found;
    const privateKey = this.keyOf(request, origin());
    const answer = privateKey === undefined ? undefined : await this.read(privateKey);
    return answer && !('private' in answer) ? answer : undefined;
  }

  /** Seconds since the answer was stored, as Apollo's `age` header says it. */
  ageOf(answer: CachedAnswer): number {
    return Math.round((this.now() - answer.storedAt) / 1000);
  }

  async save(request: OperationRequest, origin: string, answer: AnswerToKeep): Promise<void> {
    const ttl = answer.policy.maxAge;
    const publicKey = this.keyOf(request, null);
    if (publicKey === undefined) return;
    const { dataUtf8, ...meta } = answer;
    const line = JSON.stringify({ ...meta, storedAt: this.now() } satisfies Meta);
    // What decode() reads back: the metadata's line, then the data's bytes.
    const entry = `${line}\n${dataUtf8}`;
    if (answer.policy.scope === 'PRIVATE') {
      const privateKey = this.keyOf(request, origin);
      if (privateKey === undefined) return;
      await this.store.set(PREFIX + privateKey, entry, { ttl });
      await this.store.set(PREFIX + publicKey, JSON.stringify({ private: true } satisfies Meta), { ttl });
      return;
    }
    await this.store.set(PREFIX + publicKey, entry, { ttl });
  }

  /**
   * Keeps a clean answer of `document`, in the background as Apollo's plugin did: the answer
   * does not wait for a write to Redis, and a failed write is logged. A PRIVATE answer of a
   * document that selects no PRIVATE field cannot happen; it is kept out all the same.
   */
  keep(
    request: OperationRequest,
    origin: string,
    document: DocumentNode | undefined,
    answer: AnswerToKeep,
  ): void {
    if (answer.policy.scope === 'PRIVATE' && !(document && this.selectsPrivate(document))) return;
    void this.save(request, origin, answer).catch((error: unknown) =>
      logger.warn(`response not cached: ${error instanceof Error ? error.message : String(error)}`),
    );
  }

  /**
   * Stored values read lately, with their reading: the in-memory store hands out the same
   * string on every hit, and Redis an equal one, so a repeated answer's metadata line is parsed
   * once. At most 1 M characters of answers are held here beside the store.
   */
  private readonly readings = new LastOfLength<CachedAnswer | PrivateMarker>(1_000_000);

  private async read(key: string): Promise<CachedAnswer | PrivateMarker | undefined> {
    const value = await this.store.get(PREFIX + key);
    if (value === undefined) return undefined;
    let decoded = this.readings.get(value);
    if (decoded === undefined) {
      decoded = decode(value);
      this.readings.set(value, decoded);
    }
    return decoded;
  }
}

/** A stored value as the hit path reads it: one line of metadata, then the data's bytes. */
function decode(value: string): CachedAnswer | PrivateMarker {
  const newline = value.indexOf('\n');
  if (newline < 0) return JSON.parse(value) as PrivateMarker;
  const meta = JSON.parse(value.slice(0, newline)) as Omit<CachedAnswer, 'dataUtf8'>;
  return { ...meta, dataUtf8: value.slice(newline + 1) };
}

/**
 * The Apollo side: answers the requests the edge did not look up (each operation of a batch),
 * and stores every cacheable answer: a query, without errors, with data and a cacheable
 * policy (Apollo's response-cache rules), once its cost is known.
 */
export function responseCachePlugin(cache: ResponseCache): ApolloServerPlugin<EdgeContext> {
  return {
    async requestDidStart() {
      let age: number | undefined;
      return {
        async responseForOperation(context) {
          if (!isQuery(context) || context.contextValue.scope.responseCacheLookedUp) return null;
          const answer = await cache.lookup(context.request, () => context.contextValue.publicOrigin);
          if (!answer) return null;
          context.overallCachePolicy.replace(answer.policy);
          age = cache.ageOf(answer);
          servedFromCache.add(context.request);
          return {
            body: {
              kind: 'single',
              singleResult: { data: JSON.parse(utf8Text(answer.dataUtf8)) as Record<string, unknown> },
            },
            http: { status: undefined, headers: new HeaderMap() },
          };
        },
        async willSendResponse({ response }) {
          if (age !== undefined) response.http.headers.set('age', String(age));
        },
      };
    },
  };
}

const isQuery = (context: GraphQLRequestContext<EdgeContext>) => context.operation?.operation === 'query';

/** Requests Apollo answered from the response cache: nothing of theirs is kept again. */
const servedFromCache = new WeakSet<object>();

/** What the response cache keeps of Apollo's answer to a clean query (finish.ts writes it); nothing otherwise. */
export function answerToKeep(
  context: GraphQLRequestContextWillSendResponse<EdgeContext>,
): LearnedOperation['toKeep'] {
  const { response } = context;
  if (response.body.kind !== 'single' || !isQuery(context) || servedFromCache.has(context.request)) return;
  const { data, errors } = response.body.singleResult;
  const policy = context.overallCachePolicy.policyIfCacheable();
  if (errors || !data || !policy) return;
  const { scope, publicOrigin } = context.contextValue;
  return {
    request: context.request,
    origin: publicOrigin,
    document: context.document,
    answer: {
      dataUtf8: utf8Bytes(JSON.stringify(data)),
      policy: { maxAge: policy.maxAge, scope: policy.scope === 'PRIVATE' ? 'PRIVATE' : 'PUBLIC' },
      cost: scope.cost ?? 0,
      operationName: context.operationName ?? null,
      documentHash: context.queryHash ?? '',
    },
  };
}
