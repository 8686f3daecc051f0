import type { ApolloServerPlugin } from '@apollo/server';
import { admit, type DemandControl } from '../admission';
import type { EdgeContext } from '../edge-context';
import { costReport, rateLimitHeaders } from '../finish';

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
