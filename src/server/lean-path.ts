import type { GraphQLSchema } from 'graphql';
import type { GatewayContext, LeanHandover } from '../graph/context';
import type { BudgetStanding } from '../kernel/caller';
import { variableErrors, withExtensions, type JitGateway } from './jit-executor';
import { admit, type CostReport, type DemandControl } from './plugins/demand-control';
import { cacheControlHeader, type OperationPolicies } from './plugins/cache-policy';
import type { BodyEncoding } from './compression';
import { scaledMaxAge } from './plugins/response-policy';
import type { OperationRequest, ResponseCache } from './response-cache';
import type { TrustedDocuments } from './trusted-documents';

export interface LeanPathOptions {
  schema: GraphQLSchema;
  executor: JitGateway;
  demand: DemandControl;
  policies: OperationPolicies;
  /** `CACHE_TTL_SCALE`, applied to a response's max-age as plugins/response-policy.ts applies it. */
  ttlScale: number;
  responseCache?: ResponseCache;
  /** Trusted mode's manifest: a request may name its document by hash alone. */
  trustedDocuments?: Pick<TrustedDocuments, 'textOf'>;
}

/** A successful answer, for the edge to write as it writes a response-cache hit. */
export interface LeanAnswer {
  /** The body, byte for byte what Apollo writes: `{"data":…,"extensions":{"cost":…}}` and a newline. */
  body: string;
  /**
   * `latin1` when `body` holds its UTF-8 bytes one character each (a response-cache hit's, as
   * the cache stores them), `utf8` when it is the text itself.
   */
  encoding: BodyEncoding;
  /** Cache-Control as Apollo's cache policy would set it (before the edge makes it private for keyed callers). */
  cacheControl: string;
  operationName: string | null;
  documentHash: string;
  budget: BudgetStanding;
}

export type LeanOutcome =
  /** Not a request the lean path takes: Apollo runs it from the start. */
  | { kind: 'declined' }
  /** Apollo answers it, with what was already done (a refusal, or a result with errors or warnings). */
  | { kind: 'handover'; handover: LeanHandover }
  | { kind: 'answered'; answer: LeanAnswer };

const DECLINED: LeanOutcome = { kind: 'declined' };

/**
 * Runs a repeated query without Apollo's request pipeline (issue #17: its per-request work was
 * about 40 % of a warm execution's CPU). It takes a single operation (POST, or a GET the
 * edge has read as Apollo reads it: gateway.ts `operationRequest`) whose document (its text,
 * or in trusted mode its id) Apollo has already parsed and validated and the executor has
 * compiled (jit-executor.ts), and does what Apollo and our plugins would do for it, with the
 * same functions: variables coerced by graphql-js, demand control (`admit`: limits, cost, the caller's budget), graphql-jit's
 * execution, the document's cache policy, the response cache's write, the body as Apollo writes it.
 * What it writes itself is the common case alone, a clean answer: a refusal, or a result with
 * errors or stale-data warnings, is handed to Apollo to format (without running or charging
 * anything again), and anything it does not recognise is left to Apollo whole.
 */
export class LeanPath {
  constructor(private readonly options: LeanPathOptions) {}

  /** Run in the request's scope (upstream calls read their deadline and caller from it). */
  async run(request: OperationRequest, context: GatewayContext): Promise<LeanOutcome> {
    const { schema, executor, demand, policies, ttlScale, responseCache } = this.options;
    const { operationName, variables, extensions } = request;
    // The shapes Apollo's parsing accepts as they are; anything else gets its coded error there.
    if (operationName !== undefined && operationName !== null && typeof operationName !== 'string')
      return DECLINED;
    if (variables !== undefined && variables !== null && !isRecord(variables)) return DECLINED;
    if (extensions !== undefined && extensions !== null && !isRecord(extensions)) return DECLINED;
    const text = requestText(request, this.options.trustedDocuments);
    if (text === undefined) return DECLINED;
    const found = executor.compiledFor(text, operationName ?? undefined);
    if (!found) return DECLINED;
    const { document, operation, documentHash, compiled } = found;
    const values = (variables ?? {}) as Record<string, unknown>;
    // Apollo charges before the executor refuses bad variables: left to it, in that order.
    if (variableErrors(schema, operation, values)) return DECLINED;

    const { scope } = context;
    let refusal: Error | undefined;
    try {
      refusal = await admit(demand, schema, document, operation, values, scope);
    } catch (error) {
      // A budget store that failed (Redis): Apollo answers it as it answers any error of that hook.
      refusal = error instanceof Error ? error : new Error(String(error));
    }
    if (refusal) return { kind: 'handover', handover: { refusal } };
    const result = withExtensions(await compiled.query(undefined, context, values));
    if (result.errors || !result.data || scope.warnings.length > 0)
      return { kind: 'handover', handover: { executed: { document, result } } };

    // The response's policy as Apollo's CachePolicy narrows it: the operation's, then the TTL scale.
    const hint = policies.of(schema, document, operation);
    const maxAge = scaledMaxAge(hint.maxAge, ttlScale);
    const policy = maxAge ? { maxAge, scope: hint.scope ?? ('PUBLIC' as const) } : undefined;
    const name = operation.name?.value ?? null;
    const dataJson = JSON.stringify(result.data);
    if (policy)
      responseCache?.keep(request, context.publicOrigin, document, {
        dataJson,
        policy,
        cost: scope.cost ?? 0,
        operationName: name,
        documentHash,
      });
    const budget = scope.budget!;
    const cost: CostReport = {
      requested: scope.cost ?? 0,
      actual: scope.upstreamCalls,
      maximum: demand.limits.maxCost,
      budget,
    };
    return {
      kind: 'answered',
      answer: {
        body: answerText(dataJson, cost),
        encoding: 'utf8',
        cacheControl: policy ? cacheControlHeader(policy) : 'no-store',
        operationName: name,
        documentHash,
        budget,
      },
    };
  }
}

/**
 * The document text a request names: its `query`, or in trusted mode the manifest's text of
 * a persisted-query hash sent alone (the id Apollo would look up, to the same text). Any other
 * persisted query is Apollo's to look up, check or register; a text with no hash is taken as it is.
 */
function requestText(
  { query, extensions }: OperationRequest,
  trustedDocuments: LeanPathOptions['trustedDocuments'],
): string | undefined {
  // Apollo reads the extension when it is truthy, as here.
  const persisted = (extensions as { persistedQuery?: unknown } | null | undefined)?.persistedQuery;
  if (!persisted) return typeof query === 'string' ? query : undefined;
  if (!trustedDocuments || (query !== undefined && query !== null) || !isRecord(persisted)) return undefined;
  const { version, sha256Hash } = persisted;
  return version === 1 && typeof sha256Hash === 'string' ? trustedDocuments.textOf(sha256Hash) : undefined;
}

/**
 * The body Apollo writes for a result without errors: `{data, extensions: {cost}}` and a
 * newline. The data's JSON as text, or as its UTF-8 bytes one character each (a stored
 * answer's), makes the body the same: the cost report, numbers only, is ASCII.
 */
export function answerText(data: string, cost: CostReport): string {
  return `{"data":${data},"extensions":${JSON.stringify({ cost })}}\n`;
}

/** A JSON object, as Apollo's `isStringRecord` tells one. */
function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
