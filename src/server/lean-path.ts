import type { DocumentNode, GraphQLSchema } from 'graphql';
import type { EdgeContext } from './edge-context';
import { variableErrors, withExtensions, type JitGateway } from './jit-executor';
import { admit, type DemandControl } from './admission';
import { answerText, costReport, type WholeAnswer } from './finish';
import { cacheControlHeader, type OperationPolicies } from './plugins/cache-policy';
import { scaledMaxAge } from './plugins/response-policy';
import type { OperationRequest, ResponseCache } from './response-cache';
import { executionKey, type InFlightExecutions, type JoinedOutcome } from './in-flight-executions';
import { utf8Bytes } from './utf8';
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
  /** `QUERY_DEDUPE`: identical queries in flight execute once (in-flight-executions.ts); unset, each runs. */
  inFlight?: InFlightExecutions;
}

/**
 * Runs a repeated query without Apollo's request pipeline, whose per-request work is a large
 * part of a warm execution's CPU. It takes a single operation (POST, or a GET the
 * edge has read as Apollo reads it: read-request.ts `operationRequest`) whose document (its text,
 * or in trusted mode its id) Apollo has already parsed and validated and the executor has
 * compiled (jit-executor.ts), and does what Apollo and our plugins would do for it, with the
 * same functions: variables coerced by graphql-js, demand control (`admit`: limits, cost, the caller's budget), graphql-jit's
 * execution, the document's cache policy, the response cache's write, the body as Apollo writes it.
 * What it writes itself is the common case alone, a clean answer: a refusal, or a result with
 * errors or stale-data warnings, is handed to Apollo to format (without running or charging
 * anything again), and anything it does not recognise is left to Apollo whole. With
 * `inFlight`, a request identical to one executing (once admitted and charged) takes that
 * execution's result instead of running its own (in-flight-executions.ts).
 */
export class LeanPath {
  constructor(private readonly options: LeanPathOptions) {}

  /**
   * Run in the request's scope (upstream calls read their deadline and caller from it). The
   * clean answer, for the edge to write (finish.ts); undefined when Apollo answers, with what
   * was done here, if anything, in `context.handover`. `started`: when the request's answering began.
   */
  async run(
    request: OperationRequest,
    context: EdgeContext,
    started: number,
  ): Promise<WholeAnswer | undefined> {
    const { schema, executor, demand, policies, ttlScale, responseCache } = this.options;
    const { operationName, variables, extensions } = request;
    // The shapes Apollo's parsing accepts as they are; anything else gets its coded error there.
    if (operationName !== undefined && operationName !== null && typeof operationName !== 'string')
      return undefined;
    if (variables !== undefined && variables !== null && !isRecord(variables)) return undefined;
    if (extensions !== undefined && extensions !== null && !isRecord(extensions)) return undefined;
    const text = requestText(request, this.options.trustedDocuments);
    if (text === undefined) return undefined;
    const found = executor.compiledFor(text, operationName ?? undefined);
    if (!found) return undefined;
    const { document, operation, documentHash, compiled } = found;
    const values = (variables ?? {}) as Record<string, unknown>;
    // Apollo charges before the executor refuses bad variables: left to it, in that order.
    if (variableErrors(schema, operation, values)) return undefined;

    const { scope } = context;
    let refusal: Error | undefined;
    try {
      refusal = await admit(demand, schema, document, operation, values, scope);
    } catch (error) {
      // A budget store that failed (Redis): Apollo answers it as it answers any error of that hook.
      refusal = error instanceof Error ? error : new Error(String(error));
    }
    if (refusal) {
      context.handover = { refusal };
      return undefined;
    }

    const name = operation.name?.value ?? null;
    const { inFlight } = this.options;
    const key =
      inFlight && documentHash && executionKey(documentHash, operationName, values, context.publicOrigin);
    const running = key ? inFlight?.joined(key) : undefined;
    if (running) {
      const shared = await running;
      // An execution that threw shares nothing: this request runs its own.
      if (shared) return this.follow(shared, context, document, name, documentHash, started);
    }
    const settle = key && !running ? inFlight?.lead(key) : undefined;
    let outcome: JoinedOutcome | undefined;
    try {
      const result = withExtensions(await compiled.query(undefined, context, values));
      outcome = { result, warnings: [...scope.warnings] };
      if (result.errors || !result.data || scope.warnings.length > 0) {
        context.handover = { executed: { document, result } };
        return undefined;
      }

      // The response's policy as Apollo's CachePolicy narrows it: the operation's, then the TTL scale.
      const hint = policies.of(schema, document, operation);
      const maxAge = scaledMaxAge(hint.maxAge, ttlScale);
      const policy = maxAge ? { maxAge, scope: hint.scope ?? ('PUBLIC' as const) } : undefined;
      // Encoded once, for this answer, the requests that share it and the response cache alike.
      const dataUtf8 = utf8Bytes(JSON.stringify(result.data));
      const cacheControl = policy ? cacheControlHeader(policy) : 'no-store';
      outcome.clean = { dataUtf8, cacheControl };
      const answer = this.answer(dataUtf8, cacheControl, context, name, documentHash, started, 'lean');
      // The edge's finish keeps it in the response cache (finish.ts).
      if (policy && responseCache) {
        answer.toKeep = { dataUtf8, policy, cost: scope.cost ?? 0, operationName: name, documentHash };
        answer.document = document;
      }
      return answer;
    } finally {
      settle?.(outcome);
    }
  }

  /** A clean answer of `dataUtf8` (the data's UTF-8 bytes) for this request: its own cost, calls and budget. */
  private answer(
    dataUtf8: string,
    cacheControl: string,
    { scope }: EdgeContext,
    operationName: string | null,
    documentHash: string,
    started: number,
    answeredBy: WholeAnswer['answeredBy'],
  ): WholeAnswer {
    const budget = scope.budget!;
    const cost = costReport(scope.cost ?? 0, scope.upstreamCalls, this.options.demand.limits.maxCost, budget);
    return {
      kind: 'whole',
      answeredBy,
      started,
      body: answerText(dataUtf8, cost),
      cacheControl,
      operationName,
      documentHash,
      budget,
    };
  }

  /**
   * This request's answer from an identical one's execution: the clean answer with this
   * request's cost (it sent no upstream call: `actual` 0), or, for a result with errors or
   * stale-data warnings, the same result handed to Apollo to format for this request.
   */
  private follow(
    shared: JoinedOutcome,
    context: EdgeContext,
    document: DocumentNode,
    operationName: string | null,
    documentHash: string,
    started: number,
  ): WholeAnswer | undefined {
    const { metrics } = this.options.demand;
    metrics.sharedExecutions.inc({ operation: metrics.operationLabel(operationName) });
    if (shared.clean) {
      const { dataUtf8, cacheControl } = shared.clean;
      return this.answer(dataUtf8, cacheControl, context, operationName, documentHash, started, 'joined');
    }
    context.scope.warnings.push(...shared.warnings);
    // Apollo answers from a copy: what it sets on the result stays this request's.
    context.handover = { executed: { document, result: { ...shared.result } } };
    return undefined;
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

/** A JSON object, as Apollo's `isStringRecord` tells one. */
function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
