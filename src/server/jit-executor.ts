import {
  execute,
  getVariableValues,
  GraphQLError,
  type DocumentNode,
  type ExecutionResult,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import { LRUCache } from 'lru-cache';
import type { ApolloServerOptionsWithGateway } from '@apollo/server';
import type { EdgeContext } from './edge-context';
import { monotonicMs } from '../kernel/clock';

type Gateway = ApolloServerOptionsWithGateway<EdgeContext>['gateway'];
type GatewayExecutor = NonNullable<Awaited<ReturnType<Gateway['load']>>['executor']>;

/** Executions of a document on graphql-js before it is compiled: a one-off document is not worth compiling. */
const RUNS_BEFORE_COMPILING = 1;

export interface JitOptions {
  /**
   * `QUERY_COMPILE_MS_PER_SECOND`: compiling blocks the event loop (the golden query, 1,500
   * fields: 22 to 40 ms), so at most this many milliseconds of each second go to it; a document
   * that finds the second spent runs on graphql-js and is compiled on a later run. 0: never.
   */
  compileMsPerSecond: number;
  /** Milliseconds, monotonic (tests pass a fake clock). */
  now?: () => number;
  /** graphql-jit's compiler (tests count its calls). */
  compile?: typeof compileQuery;
}

/** An operation graphql-jit compiled, with the document Apollo parsed and validated it from. */
export interface CompiledOperation {
  document: DocumentNode;
  operation: OperationDefinitionNode;
  /** Apollo's `queryHash`: the SHA-256 of the document's text. */
  documentHash: string;
  compiled: CompiledQuery;
}

/** The executor, plus what the lean path (lean-path.ts) asks of it. */
export interface JitGateway extends Gateway {
  /**
   * The compiled operation a request names, when Apollo has already validated its document's
   * text and this executor has compiled that operation (and Apollo still keeps the document):
   * the request may then run without Apollo. `operationName` as the request sends it.
   */
  compiledFor(text: string, operationName: string | undefined): CompiledOperation | undefined;
}

/** A document's runs so far, and its compiled operations by operation name (`''`: the only one); null where graphql-jit declined. */
interface DocumentCompilation {
  runs: number;
  operations: Map<string, CompiledOperation | null>;
}

/** The document texts the lean path may find, by their characters (they are the keys): about 4 MB. */
const KNOWN_TEXT_CHARS = 4_000_000;

/**
 * Executes operations with graphql-jit once their document repeats: compiled code does the
 * same work as graphql-js's interpreter for a fraction of its CPU (`bench/executor.ts` compares
 * them, with answers byte-identical to graphql-js's on every case there). Apollo Server has one
 * place to plug in an executor, its gateway interface: this "gateway" serves our own schema and
 * executes each operation.
 *
 * What graphql-jit does not do is done first with graphql-js: variables are coerced by
 * graphql-js's own `getVariableValues` (graphql-jit does not enforce `@oneOf` in variables),
 * and its errors are answered exactly as graphql-js's `execute` answers them. A document
 * runs on graphql-js until it is seen again, whenever graphql-jit cannot compile it, and
 * while this second's compile time is spent (a client sending each of many large documents
 * twice cannot make the gateway do nothing but compile).
 * Compiled code lives as long as Apollo's document store keeps the document (a WeakMap).
 */
export function jitExecutor(
  schema: GraphQLSchema,
  { compileMsPerSecond, now = monotonicMs, compile = compileQuery }: JitOptions,
): JitGateway {
  const documents = new WeakMap<DocumentNode, DocumentCompilation>();
  // Texts of compiled documents. Held weakly: compiled code lives only as long as Apollo's store keeps its document.
  const texts = new LRUCache<string, WeakRef<DocumentNode>>({
    maxSize: KNOWN_TEXT_CHARS,
    maxEntrySize: KNOWN_TEXT_CHARS,
    sizeCalculation: (_document, text) => text.length + 100,
  });
  // The second under way, and the milliseconds spent compiling in it.
  let second = -Infinity;
  let spentMs = 0;
  const mayCompile = () => {
    const at = now();
    if (at - second >= 1000) {
      second = at;
      spentMs = 0;
    }
    return spentMs < compileMsPerSecond;
  };
  const plain = (
    document: DocumentNode,
    operationName: string | undefined,
    context: unknown,
    variables: Record<string, unknown>,
  ) =>
    execute({
      schema,
      document,
      contextValue: context,
      variableValues: variables,
      ...(operationName && { operationName }),
    });

  const executor: GatewayExecutor = async ({ document, request, operation, context, queryHash, source }) => {
    // Already executed by the lean path, which hands Apollo the result to answer (errors, warnings).
    const executed = context.handover?.executed;
    if (executed && executed.document === document) return executed.result;
    const variables = request.variables ?? {};
    const operationName = request.operationName ?? undefined;
    if (!document || !operation) return plain(document!, operationName, context, variables);
    let entry = documents.get(document);
    if (!entry) {
      entry = { runs: 0, operations: new Map() };
      documents.set(document, entry);
    }
    let compiled = entry.operations.get(operationName ?? '');
    if (compiled === undefined) {
      if (entry.runs < RUNS_BEFORE_COMPILING || !mayCompile()) {
        entry.runs += 1;
        return plain(document, operationName, context, variables);
      }
      const started = now();
      const result = compile(schema, document, operationName);
      spentMs += now() - started;
      compiled = isCompiledQuery(result)
        ? { document, operation, documentHash: queryHash ?? '', compiled: result }
        : null;
      entry.operations.set(operationName ?? '', compiled);
    }
    if (compiled === null) return plain(document, operationName, context, variables);
    // Known again after the texts' bound dropped it, or after Apollo parsed it anew. The source is
    // the text Apollo parsed: the request's, or a persisted query's.
    if (typeof source === 'string' && texts.get(source)?.deref() !== document)
      texts.set(source, new WeakRef(document));
    const errors = variableErrors(schema, operation, variables);
    if (errors) return { errors } satisfies ExecutionResult;
    return withExtensions(await compiled.compiled.query(undefined, context, variables));
  };

  let announce: Parameters<Gateway['onSchemaLoadOrUpdate']>[0] | undefined;
  return {
    onSchemaLoadOrUpdate(callback) {
      announce = callback;
      return () => {
        announce = undefined;
      };
    },
    async load() {
      // Our own schema, once: the "supergraph" is this subgraph alone.
      announce?.({ apiSchema: schema, coreSupergraphSdl: '' });
      return { executor };
    },
    async stop() {},
    compiledFor(text, operationName) {
      // Apollo finds no operation named '' (graphql-js's getOperationAST), where '' keys the only one here.
      if (operationName === '') return undefined;
      const document = texts.get(text)?.deref();
      const compiled = document && documents.get(document)?.operations.get(operationName ?? '');
      return compiled ?? undefined;
    },
  };
}

/**
 * The request's variables coerced as graphql-js's `execute` coerces them (graphql-jit does not
 * enforce `@oneOf`): its errors, answered as `execute` answers them, or undefined when they are valid.
 */
export function variableErrors(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
): readonly GraphQLError[] | undefined {
  // Frozen variables are a repeated body's (read-request.ts): they cannot have changed since they were coerced.
  const frozen = Object.isFrozen(variables);
  if (frozen && cleanFor.get(variables)?.has(operation)) return undefined;
  const errors = coercionErrors(schema, operation, variables);
  if (frozen && !errors) {
    let operations = cleanFor.get(variables);
    if (!operations) cleanFor.set(variables, (operations = new WeakSet()));
    operations.add(operation);
  }
  return errors;
}

/**
 * The operations each frozen variables object was found valid for (documents of one gateway,
 * parsed for its schema): the same body sent again is not coerced again. Errors are made anew each time, as each request's own objects. Held
 * weakly: a body the memo of bodies lets go takes its entries with it.
 */
const cleanFor = new WeakMap<object, WeakSet<OperationDefinitionNode>>();

function coercionErrors(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
): readonly GraphQLError[] | undefined {
  return getVariableValues(schema, operation.variableDefinitions ?? [], variables, { maxErrors: 50 }).errors;
}

/**
 * graphql-jit's errors leave `extensions` undefined (and unchangeable) where graphql-js's hold
 * `{}`, for an error a resolver threw without any: Apollo's error formatting reads
 * `extensions.code`, and would fail on them. Those are made again as graphql-js makes them.
 */
export function withExtensions(result: ExecutionResult): ExecutionResult {
  if (!result.errors?.some((error) => (error.extensions as unknown) === undefined)) return result;
  const errors = result.errors.map((error) => {
    if ((error.extensions as unknown) !== undefined) return error;
    const rebuilt = new GraphQLError(error.message, {
      ...(error.path && { path: error.path }),
      ...(error.originalError && { originalError: error.originalError }),
    });
    // graphql-js works its locations out from AST nodes, which graphql-jit's errors no longer carry.
    (rebuilt as { locations?: GraphQLError['locations'] }).locations = error.locations;
    return rebuilt;
  });
  return { ...result, errors };
}
