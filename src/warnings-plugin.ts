import type { ApolloServerPlugin } from '@apollo/server';
import type { GatewayContext } from './context';

/**
 * Puts the request's warnings (data served stale because its upstream failed)
 * into `extensions.warnings` of the response, next to the data they qualify.
 */
export function warningsPlugin(): ApolloServerPlugin<GatewayContext> {
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ response, contextValue }) {
          const { warnings } = contextValue.scope;
          if (warnings.length === 0 || response.body.kind !== 'single') return;
          const result = response.body.singleResult;
          result.extensions = { ...result.extensions, warnings };
        },
      };
    },
  };
}
