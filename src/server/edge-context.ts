import type { DocumentNode, ExecutionResult } from 'graphql';
import type { GatewayContext } from '../graph/context';

/** The graph's per-request context, with what the edge hands Apollo from the lean path. */
export interface EdgeContext extends GatewayContext {
  /** What the lean path (lean-path.ts) did before it left the request to Apollo. */
  handover?: LeanHandover;
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
