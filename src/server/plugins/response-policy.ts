import type { ApolloServerPlugin } from '@apollo/server';
import type { EdgeContext } from '../edge-context';

/**
 * After execution: a response with warnings (data served stale because its
 * upstream failed) carries them in `extensions.warnings` and is kept out of every
 * cache; any other response's max-age is scaled like every cache TTL
 * (`CACHE_TTL_SCALE`, 1 in production).
 */
export function responsePolicyPlugin(ttlScale: number): ApolloServerPlugin<EdgeContext> {
  return {
    async requestDidStart() {
      return {
        async executionDidStart({ contextValue, overallCachePolicy }) {
          return {
            async executionDidEnd() {
              if (contextValue.scope.warnings.length > 0) overallCachePolicy.restrict({ maxAge: 0 });
              else overallCachePolicy.restrict({ maxAge: scaledMaxAge(overallCachePolicy.maxAge, ttlScale) });
            },
          };
        },
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

/** A response's max-age under `CACHE_TTL_SCALE`, as it narrows a policy (never past its own). */
export function scaledMaxAge(maxAge: number | undefined, ttlScale: number): number | undefined {
  return ttlScale === 1 || maxAge === undefined ? maxAge : Math.min(maxAge, Math.floor(maxAge * ttlScale));
}
