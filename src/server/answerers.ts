import { monotonicMs } from '../kernel/clock';
import { HeaderMap, type ApolloServer } from '@apollo/server';
import { runInScope } from '../kernel/request-scope';
import { admitCharged, chargeable } from './admission';
import { contextOf, type Answerer, type Edge } from './edge';
import type { EdgeContext, LearnedOperation } from './edge-context';
import { answerText, costReport, type Answer } from './finish';
import type { LeanPath } from './lean-path';
import { cacheControlHeader } from './plugins/cache-policy';
import { gatewayOrigin } from './public-origin';
import type { ResponseCache } from './response-cache';

const NOT_ANSWERED: Promise<undefined> = Promise.resolve(undefined);

/**
 * A whole answer kept in the response cache, served without executing anything. It is charged
 * like an execution; over this replica's QUERY_MAX_COST or over the caller's budget it is left
 * to the next answerer, whose demand control refuses it, coded.
 */
export function responseCacheAnswerer(edge: Edge, cache: ResponseCache): Answerer {
  const { queryLimits, budgets, metrics } = edge.options;
  return {
    async answer(ex, { operation, scope, caller }): Promise<Answer | undefined> {
      if (!operation) return undefined;
      scope.responseCacheLookedUp = true;
      const stored = await cache.lookup(operation, () => gatewayOrigin(ex.req));
      if (!stored || !chargeable(queryLimits, stored.cost)) return undefined;
      const charge = await budgets.charge(caller.budgetKey, stored.cost);
      if (!admitCharged(metrics, caller, scope, stored.cost, charge)) return undefined;
      const started = monotonicMs();
      const budget = scope.budget!;
      const { operationName, documentHash } = stored;
      return {
        kind: 'whole',
        answeredBy: 'response-cache',
        started,
        age: cache.ageOf(stored),
        // The data as stored, in the body Apollo would write.
        body: answerText(stored.dataUtf8, costReport(stored.cost, 0, queryLimits.maxCost, budget)),
        cacheControl: cacheControlHeader(stored.policy),
        operationName,
        documentHash,
        budget,
      };
    },
  };
}

/** A compiled document's clean answer, without Apollo (lean-path.ts); anything else is handed to Apollo. */
export function leanAnswerer(edge: Edge, lean: LeanPath): Answerer {
  return {
    answer(ex, request) {
      const { operation } = request;
      if (!operation) return NOT_ANSWERED;
      const context = contextOf(edge, ex, request);
      const started = monotonicMs();
      return runInScope(request.scope, () => lean.run(operation, context, started));
    },
  };
}

/** Apollo Server and its plugins: errors, batches, documents not compiled yet, and what the lean path handed over. */
export function apolloAnswerer(edge: Edge, apollo: ApolloServer<EdgeContext>): Answerer {
  return {
    async answer(ex, request): Promise<Answer> {
      const { req } = ex;
      const { scope, search, body } = request;
      const context = contextOf(edge, ex, request);
      scope.answeredBy = 'apollo';
      // Apollo hands each operation a shallow copy of the context: they share this one list.
      const learned: LearnedOperation[] = [];
      context.learned = learned;
      const headers = new HeaderMap();
      for (const [name, value] of Object.entries(req.headers)) {
        if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
      }
      const response = await runInScope(scope, () =>
        apollo.executeHTTPGraphQLRequest({
          httpGraphQLRequest: { method: req.method ?? 'GET', headers, search, body },
          context: async () => context,
        }),
      );
      return { kind: 'apollo', response, learned };
    },
  };
}
