import type { ApolloServerPlugin } from '@apollo/server';
import { monotonicMs } from '../../kernel/clock';
import type { EdgeContext } from '../edge-context';
import { answerToKeep } from '../response-cache';

/**
 * What Apollo learns of each operation it answers (a batch has several), kept in the context
 * for finish.ts, which counts, times, logs, names the span and writes the response cache for
 * every answerer alike. Last among the plugins: the cache policy is final by then.
 */
export function learnedPlugin(keeping: boolean): ApolloServerPlugin<EdgeContext> {
  return {
    async requestDidStart({ contextValue }) {
      const started = monotonicMs();
      let type: string | undefined;
      return {
        async didResolveOperation({ operation }) {
          type = operation?.operation ?? 'query';
        },
        async willSendResponse(context) {
          const { operationName, queryHash, response } = context;
          const errors = response.body.kind === 'single' ? (response.body.singleResult.errors ?? []) : [];
          const errorCodes = errors.map(({ extensions }) =>
            typeof extensions?.code === 'string' ? extensions.code : 'UNKNOWN',
          );
          const durationMs = monotonicMs() - started;
          const operation = { durationMs, type, operationName: operationName ?? null, errorCodes };
          const toKeep = keeping ? answerToKeep(context) : undefined;
          contextValue.learned?.push({ ...operation, documentHash: queryHash ?? null, toKeep });
        },
      };
    },
  };
}
