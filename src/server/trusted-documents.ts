import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Kind, parse } from 'graphql';

const HEX_HASH = /^[0-9a-f]{64}$/;
/** Tokens read of a refused text to find its operation name (for the message only; Apollo never parses it). */
const NAME_MAX_TOKENS = 2000;

/** Why a request may not run in trusted mode: the status, code and message it is refused with. */
export interface TrustedRefusal {
  status: 400 | 403;
  code: 'PERSISTED_QUERY_NOT_FOUND' | 'FORBIDDEN';
  message: string;
}

/** The part of Apollo's `KeyValueCache` its persisted-query support uses. */
interface PersistedQueryStore {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string): Promise<void>;
  delete(key: string): Promise<boolean | void>;
}

/**
 * Trusted documents: with `TRUSTED_DOCUMENTS` naming a manifest (the
 * `persisted-documents.json` graphql-codegen's client-preset writes: `{"sha256:<hex>": "<document>"}`),
 * only those documents run. A client sends `documentId: "sha256:<hex>"`, Apollo's
 * `extensions.persistedQuery.sha256Hash`, or the document's exact text. An unknown hash
 * is `PERSISTED_QUERY_NOT_FOUND`; any other text is `FORBIDDEN`.
 */
export class TrustedDocuments {
  /** The names of the manifest's operations, so a refusal can say that a registered one was sent altered. */
  private readonly operationNames: ReadonlySet<string>;

  private constructor(private readonly documents: ReadonlyMap<string, string>) {
    this.operationNames = new Set([...documents.values()].flatMap((document) => operationNamesOf(document)));
  }

  /** Reads and checks a manifest: every key must be the SHA-256 of its document. */
  static load(path: string): TrustedDocuments {
    let manifest: unknown;
    try {
      manifest = JSON.parse(readFileSync(path, 'utf8'));
    } catch {
      throw new Error(`TRUSTED_DOCUMENTS: ${path} is not a readable JSON file.`);
    }
    if (typeof manifest !== 'object' || manifest === null || Array.isArray(manifest))
      throw new Error(`TRUSTED_DOCUMENTS: ${path} must map "sha256:<hash>" to a document.`);
    const documents = new Map<string, string>();
    for (const [key, document] of Object.entries(manifest)) {
      const hex = key.replace(/^sha256:/, '');
      if (typeof document !== 'string' || !HEX_HASH.test(hex) || sha256(document) !== hex)
        throw new Error(`TRUSTED_DOCUMENTS: in ${path}, "${key}" is not the SHA-256 of its document.`);
      documents.set(hex, document);
    }
    return new TrustedDocuments(documents);
  }

  /** The manifest's document of a hash (hex, as in `persistedQuery.sha256Hash`), if it has one. */
  textOf(hash: string): string | undefined {
    return this.documents.get(hash);
  }

  get size(): number {
    return this.documents.size;
  }

  /**
   * Apollo's persisted-query store, read-only: a hash is looked up in the manifest,
   * and a client can never add to it.
   */
  store(): PersistedQueryStore {
    return {
      get: async (key) => this.documents.get(key.slice(key.lastIndexOf(':') + 1)),
      set: async () => undefined,
      delete: async () => undefined,
    };
  }

  /**
   * Why a request may not run, if it may not: its hash (a `documentId` or persisted-query
   * hash) is not in the manifest, or its text is not a manifest document byte for byte.
   */
  refusal(body: unknown, search: string): TrustedRefusal | undefined {
    const fields =
      typeof body === 'object' && body !== null && !Array.isArray(body)
        ? (body as Record<string, unknown>)
        : Object.fromEntries(new URLSearchParams(search));
    const text = fields.query;
    if (typeof text === 'string' && text.length > 0 && !this.documents.has(sha256(text)))
      return { status: 403, code: 'FORBIDDEN', message: this.textRefusal(text, fields.operationName) };
    const hash = persistedQueryHash(fields.extensions);
    if (hash !== undefined && !this.documents.has(hash))
      return {
        status: 400,
        code: 'PERSISTED_QUERY_NOT_FOUND',
        message: `No trusted document has the id sha256:${hash.slice(0, 64)}. Rebuild your client against the manifest this gateway runs with (TRUSTED_DOCUMENTS), or ask for the document to be added to it.`,
      };
    return undefined; // a manifest document, or no document at all (Apollo says what is missing)
  }

  /**
   * A text that is not in the manifest. The usual cause is a registered operation sent
   * reformatted (graphql's `print()` changes whitespace, and the hash with it), so the
   * message says so when an operation of that name is registered.
   */
  private textRefusal(text: string, operationName: unknown): string {
    const names =
      typeof operationName === 'string' ? [operationName] : operationNamesOf(text, NAME_MAX_TOKENS);
    const registered = names.find((name) => this.operationNames.has(name));
    const fix =
      'Send its documentId ("sha256:<hash>", the client preset\'s __meta__.hash with persistedDocuments: true) instead of the text, or the manifest\'s text byte for byte.';
    if (registered)
      return `This gateway runs trusted documents only, and the text sent for operation ${registered} differs from the registered one (every character counts, and graphql's print() changes the whitespace). ${fix}`;
    return `This gateway runs trusted documents only: only the operations of its manifest (TRUSTED_DOCUMENTS) run, and this text is not one of them. ${fix} A new operation must be added to the manifest first.`;
  }

  /**
   * A request body naming its document by `documentId` (the GraphQL-over-HTTP
   * trusted-documents convention), as Apollo's persisted-query extension.
   */
  static fromDocumentId(body: unknown): unknown {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
    const { documentId, ...rest } = body as Record<string, unknown>;
    if (typeof documentId !== 'string') return body;
    const extensions = typeof rest.extensions === 'object' && rest.extensions !== null ? rest.extensions : {};
    return { ...rest, extensions: { ...extensions, ...persistedQueryOf(documentId) } };
  }

  /** The same for a GET: `?documentId=sha256:<hex>` becomes the `extensions` parameter. */
  static fromDocumentIdParameter(search: string): string {
    const parameters = new URLSearchParams(search);
    const documentId = parameters.get('documentId');
    if (documentId === null) return search;
    parameters.delete('documentId');
    parameters.set('extensions', JSON.stringify(persistedQueryOf(documentId)));
    return `?${parameters.toString()}`;
  }
}

/** A `documentId` (`sha256:<hex>`) as Apollo's persisted-query extension. */
function persistedQueryOf(documentId: string): { persistedQuery: { version: 1; sha256Hash: string } } {
  return { persistedQuery: { version: 1, sha256Hash: documentId.replace(/^sha256:/, '') } };
}

/** `extensions.persistedQuery.sha256Hash`, from a parsed body or a GET's JSON parameter. */
function persistedQueryHash(extensions: unknown): string | undefined {
  let value = extensions;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return undefined;
    }
  }
  const hash = (value as { persistedQuery?: { sha256Hash?: unknown } } | null | undefined)?.persistedQuery
    ?.sha256Hash;
  return typeof hash === 'string' ? hash : undefined;
}

/** The names of a document's operations; none when it does not parse (its refusal says less). */
function operationNamesOf(text: string, maxTokens?: number): string[] {
  try {
    return parse(text, {
      noLocation: true,
      ...(maxTokens !== undefined && { maxTokens }),
    }).definitions.flatMap((definition) =>
      definition.kind === Kind.OPERATION_DEFINITION && definition.name ? [definition.name.value] : [],
    );
  } catch {
    return [];
  }
}

function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}
