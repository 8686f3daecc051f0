import type { ExecutionResult } from 'graphql';
import type { StaleDataWarning } from '../kernel/request-scope';

/** What one execution leaves to the identical requests that waited on it. */
export interface JoinedOutcome {
  /** The result as graphql-jit gave it (with errors, when any). */
  result: ExecutionResult;
  /** Stale data its upstream calls were answered with: each request that shares it is told. */
  warnings: readonly StaleDataWarning[];
  /**
   * A clean result's data as the UTF-8 bytes of its JSON (utf8.ts `utf8Bytes`: encoded once for
   * every request that shares it), and its Cache-Control: absent when it has errors or warnings.
   */
  clean?: { dataUtf8: string; cacheControl: string };
}

/** Ends an execution: every request that joined it gets `outcome` (undefined: run your own). */
export type Settle = (outcome: JoinedOutcome | undefined) => void;

/**
 * Identical queries in flight run once (`QUERY_DEDUPE`): a request that arrives
 * while the same document, operation, variables and public origin are executing takes that
 * execution's result instead of executing again. Upstream flights are shared already
 * (discipline.ts); this also shares the execution and the answer's serialisation, which
 * is most of a request's CPU once its upstream calls land. Each request is still admitted and
 * charged on its own before it joins; only executions in flight are held here, never a
 * finished one, so nothing is served that was not being computed when the request came.
 * Hive Router calls this inbound deduplication; Tailcall's executor has it too.
 */
export class InFlightExecutions {
  private readonly running = new Map<string, Promise<JoinedOutcome | undefined>>();

  /** The execution in flight for `key`, if any. */
  joined(key: string): Promise<JoinedOutcome | undefined> | undefined {
    return this.running.get(key);
  }

  /** Marks `key` as executing; the caller must call the returned function once it is done, whatever happens. */
  lead(key: string): Settle {
    let settle!: Settle;
    this.running.set(key, new Promise<JoinedOutcome | undefined>((resolve) => (settle = resolve)));
    return (outcome) => {
      this.running.delete(key);
      settle(outcome);
    };
  }
}

/**
 * What an answer depends on besides the gateway's configuration: the document (by its hash),
 * the operation, the variables as sent and the public origin (map display links are built on it).
 * The caller is not part of it: no field's value depends on who asks (caller-specific parts,
 * cost and budget, are each request's own).
 */
export function executionKey(
  documentHash: string,
  operationName: string | null | undefined,
  variables: Record<string, unknown>,
  publicOrigin: string,
): string {
  return `${documentHash}\n${operationName ?? ''}\n${publicOrigin}\n${JSON.stringify(variables)}`;
}
