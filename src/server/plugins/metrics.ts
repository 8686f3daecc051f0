import type { ApolloServerPlugin } from '@apollo/server';
import type { Metrics } from '../../observability/metrics';

/** Counts each GraphQL request, its errors by `extensions.code` (as the client sees them), and its duration. */
export function metricsPlugin<Context extends object>(metrics: Metrics): ApolloServerPlugin<Context> {
  return {
    async requestDidStart() {
      const started = process.hrtime.bigint();
      return {
        async willSendResponse({ operationName, response }) {
          const operation = metrics.operationLabel(operationName);
          metrics.graphqlRequests.inc({ operation });
          metrics.graphqlDuration.observe({ operation }, Number(process.hrtime.bigint() - started) / 1e9);
          const errors = response.body.kind === 'single' ? (response.body.singleResult.errors ?? []) : [];
          for (const error of errors) {
            const code = error.extensions?.code;
            metrics.graphqlErrors.inc({ operation, code: typeof code === 'string' ? code : 'UNKNOWN' });
          }
        },
      };
    },
  };
}
