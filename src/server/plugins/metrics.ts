import type { ApolloServerPlugin } from '@apollo/server';
import type { Metrics } from '../../observability/metrics';
import { monotonicMs } from '../../kernel/clock';
import { currentScope } from '../../kernel/request-scope';
import { noteOperation } from '../finish';

/**
 * Counts each GraphQL request, its errors by `extensions.code` (as the client sees them), and
 * its duration; and notes the operation in the request scope for the access log.
 */
export function metricsPlugin<Context extends object>(metrics: Metrics): ApolloServerPlugin<Context> {
  return {
    async requestDidStart() {
      const started = monotonicMs();
      return {
        async willSendResponse({ operationName, queryHash, response }) {
          const errors = response.body.kind === 'single' ? (response.body.singleResult.errors ?? []) : [];
          const errorCodes = errors.map(({ extensions }) =>
            typeof extensions?.code === 'string' ? extensions.code : 'UNKNOWN',
          );
          noteOperation(
            metrics,
            currentScope(),
            operationName ?? null,
            queryHash ?? null,
            started,
            errorCodes,
          );
        },
      };
    },
  };
}
