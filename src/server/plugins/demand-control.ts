import type { ApolloServerPlugin } from '@apollo/server';
import { HeaderMap } from '@apollo/server';
import {
  GraphQLError,
  Kind,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import type { Budgets } from '../access/budget';
import type { EdgeContext } from '../edge-context';
import { costReport, rateLimitHeaders } from '../finish';
import type { Metrics } from '../../observability/metrics';
import type { RequestScope } from '../../kernel/request-scope';
import { operationCost } from './cost';
import { checkQueryLimits, type QueryLimits } from './query-limits';

/**
 * Before anything executes: the query limits, then the cost, then the caller's
 * budget, in that order and in one hook (Apollo runs plugins' hooks in parallel), so
 * a refused request is neither executed nor charged. After: every response reports
 * its cost and the caller's budget in `extensions.cost` and `X-RateLimit-*` headers.
 */
export function demandControlPlugin(demand: DemandControl): ApolloServerPlugin<EdgeContext> {
  const { limits, budgets } = demand;
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ operation, document, request, contextValue, schema }) {
          if (!operation) return;
          // The lean path (lean-path.ts) admitted or refused it already: nothing is charged twice.
          const { handover } = contextValue;
          const refusal = handover
            ? handover.refusal
            : await admit(demand, schema, document, operation, request.variables ?? {}, contextValue.scope);
          if (refusal) throw refusal;
        },
        async willSendResponse({ response, contextValue }) {
          const { scope } = contextValue;
          const budget = scope.budget ?? (await budgets.peek(scope.caller.budgetKey));
          for (const [name, value] of rateLimitHeaders(budget)) response.http.headers.set(name, value);
          if (response.body.kind !== 'single') return;
          const report = costReport(scope.cost ?? 0, scope.upstreamCalls, limits.maxCost, budget);
          const result = response.body.singleResult;
          result.extensions = { ...result.extensions, cost: report };
        },
      };
    },
  };
}

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
