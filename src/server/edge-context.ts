import type { DocumentNode, ExecutionResult } from 'graphql';
import type { GatewayContext } from '../graph/context';
import type { AnswerToKeep, OperationRequest } from './response-cache';

/** The graph's per-request context, with what the edge hands Apollo from the lean path. */
export interface EdgeContext extends GatewayContext {
  /** What the lean path (lean-path.ts) did before it left the request to Apollo. */
  handover?: LeanHandover;
  /** What Apollo's plugins learned of each operation they answered, for finish.ts (set by its answerer). */
  learned?: LearnedOperation[];
}

/** One operation Apollo answered, as finish.ts counts, logs and names it. */
export interface LearnedOperation {
  /** From Apollo's start of it to its response, as metrics time it. */
  durationMs: number;
  /** `query` or `mutation`, once Apollo resolved the operation; undefined when it never did. */
  type: string | undefined;
  operationName: string | null;
  documentHash: string | null;
  /** `extensions.code` of each error, as the client sees them. */
  errorCodes: string[];
  /** A clean query's answer for the response cache. */
  toKeep?: {
    request: OperationRequest;
    origin: string;
    document: DocumentNode | undefined;
    answer: AnswerToKeep;
  };
}

/**
 * A request the lean path began and Apollo finishes: demand control already ran (its refusal,
 * if any, is answered as it is, and nothing is charged twice), and the operation may already
 * have executed (its result, with errors or warnings, is answered without executing again).
 */
export interface LeanHandover {
  /** Demand control's refusal, or the error its budget store failed with. */
  refusal?: Error;
  executed?: { document: DocumentNode; result: ExecutionResult };
}
