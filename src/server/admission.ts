import { HeaderMap } from '@apollo/server';
import {
  GraphQLError,
  Kind,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import type { Caller } from '../kernel/caller';
import type { RequestScope } from '../kernel/request-scope';
import type { Metrics } from '../observability/metrics';
import type { Budgets, Charge } from './access/budget';
import { operationCost } from './plugins/cost';
import { checkQueryLimits, type QueryLimits } from './plugins/query-limits';

/*
 * The admission stage of /graphql: the query limits, the cost and the caller's budget. Each
 * answerer admits once it knows the operation (its cost needs the parsed document, or the
 * stored answer's): the response cache through `chargeable` and `admitCharged`, the lean path and Apollo's
 * demand-control plugin through `admit`.
 */

/** What demand control checks and charges against. */
export interface DemandControl {
  limits: QueryLimits;
  budgets: Budgets;
  metrics: Metrics;
}

/**
 * The query limits, then the cost, then the caller's budget, in that order: the refusal of
 * the first that fails (nothing is charged then), or undefined once the cost is charged,
 * noted in the scope (`cost`, `budget`) and counted per client.
 */
export async function admit(
  { limits, budgets, metrics }: DemandControl,
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
  scope: RequestScope,
): Promise<GraphQLError | undefined> {
  if (operation.operation !== 'query' && !schema.getRootType(operation.operation)) {
    return new GraphQLError(
      `This API has no ${operation.operation}s: every operation is a query. Send "query { ... }".`,
      { extensions: { code: 'BAD_REQUEST', http: { status: 400 } } },
    );
  }
  const fragments: Record<string, FragmentDefinitionNode> = {};
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments[definition.name.value] = definition;
  }
  const broken = checkQueryLimits(operation, fragments, variables, limits);
  if (broken) return broken;

  // Configured client names only (bounded); keyless callers are one label, not one per address.
  const client = scope.caller.name;
  const cost = operationCost(schema, operation, fragments, variables);
  if (cost > limits.maxCost) {
    metrics.clientRefusals.inc({ client, code: 'QUERY_TOO_COSTLY' });
    return new GraphQLError(
      `This query would cost ${cost} upstream calls; at most ${limits.maxCost} are allowed in one query. Ask for fewer fields or fewer loccodes per request, or split it.`,
      {
        extensions: {
          code: 'QUERY_TOO_COSTLY',
          cost,
          maximum: limits.maxCost,
          http: { status: 400 },
        },
      },
    );
  }
  const charge = await budgets.charge(scope.caller.budgetKey, cost);
  const { limit, remaining, resetSeconds } = charge;
  scope.budget = { limit, remaining, resetSeconds };
  if (!charge.allowed) {
    metrics.clientRefusals.inc({ client, code: 'RATE_LIMITED' });
    const { retryAfterSeconds } = charge;
    return new GraphQLError(
      `This query costs ${cost} point${cost === 1 ? '' : 's'} and you have ${charge.remaining} of your ${charge.limit} points a minute left; retry in ${retryAfterSeconds} s.`,
      {
        extensions: {
          code: 'RATE_LIMITED',
          cost,
          retryAfterSeconds,
          http: { status: 429, headers: new HeaderMap([['retry-after', String(retryAfterSeconds)]]) },
        },
      },
    );
  }
  scope.cost = cost;
  metrics.clientCost.inc({ client }, cost);
  return undefined;
}

/**
 * A stored answer's admission, once its cost was charged to the caller's budget (the charge is
 * awaited by the answerer, so a hit takes no promise more than the charge's): noted in the
 * scope and counted per client. False leaves the request to the next answerer, whose `admit`
 * refuses it, coded. A cost over this replica's QUERY_MAX_COST is never charged (`chargeable`).
 */
export function admitCharged(
  metrics: Metrics,
  caller: Caller,
  scope: RequestScope,
  cost: number,
  charge: Charge,
): boolean {
  if (!charge.allowed) return false;
  const { limit, remaining, resetSeconds } = charge;
  scope.cost = cost;
  scope.budget = { limit, remaining, resetSeconds };
  metrics.clientCost.inc({ client: caller.name }, cost);
  return true;
}

/** Whether a stored answer's cost may be charged at all on this replica. */
export function chargeable(limits: QueryLimits, cost: number): boolean {
  return cost <= limits.maxCost;
}
