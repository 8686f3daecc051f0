import type { ApolloServerPlugin } from '@apollo/server';
import type { Metrics } from '../../observability/metrics';
import { currentScope } from '../../kernel/request-scope';

/**
 * Counts each GraphQL request, its errors by `extensions.code` (as the client sees them), and
 * its duration; and notes the operation in the request scope for the access log.
 */
export function metricsPlugin<Context extends object>(metrics: Metrics): ApolloServerPlugin<Context> {
  return {
    async requestDidStart() {
      const started = process.hrtime.bigint();
      return {
        async willSendResponse({ operationName, queryHash, response }) {
          const operation = metrics.operationLabel(operationName);
          metrics.graphqlRequests.inc({ operation });
          metrics.graphqlDuration.observe({ operation }, Number(process.hrtime.bigint() - started) / 1e9);
          const errors = response.body.kind === 'single' ? (response.body.singleResult.errors ?? []) : [];
          const errorCodes = errors.map(({ extensions }) =>
            typeof extensions?.code === 'string' ? extensions.code : 'UNKNOWN',
          );
          for (const code of errorCodes) metrics.graphqlErrors.inc({ operation, code });
          const scope = currentScope();
          if (!scope) return;
          (scope.operations ??= []).push({
            name: operationName ?? null,
            documentHash: queryHash ?? null,
            errorCodes,
          });
        },
      };
    },
  };
}
