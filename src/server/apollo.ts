import type { Server } from 'node:http';
import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginInlineTraceDisabled,
  ApolloServerPluginLandingPageDisabled,
} from '@apollo/server/plugin/disabled';

import { maskError } from '../kernel/errors';
import { apolloLogger, logger } from '../observability/logger';
import { withRequestId } from '../observability/request-id';
import type { documentCache, stringCache } from './bounded-cache';
import type { EdgeContext } from './edge-context';
import type { GatewayOptions } from './gateway';
import { introspectionOff } from './introspection-off';
import type { JitGateway } from './jit-executor';
import { cachePolicyPlugin, type OperationPolicies } from './plugins/cache-policy';
import type { DemandControl } from './admission';
import { demandControlPlugin } from './plugins/demand-control';
import { learnedPlugin } from './plugins/learned';
import { responsePolicyPlugin } from './plugins/response-policy';
import { responseCachePlugin, type ResponseCache } from './response-cache';

/** Time past the request deadline for the last answers to be written before connections are cut. */
const DRAIN_MARGIN_MS = 500;

/** What Apollo is made with besides the options: the schema, the executor, the caches the edge shares with it. */
export interface ApolloParts {
  executor: JitGateway;
  demand: DemandControl;
  policies: OperationPolicies;
  documents: ReturnType<typeof documentCache>;
  responses: ReturnType<typeof stringCache>;
  responseCache: ResponseCache | undefined;
  httpServer: Server;
}

/** Apollo Server, the last answerer: our plugins for demand control, metrics, tracing, cache policy and responses. */
export function createApollo(
  options: GatewayOptions,
  { executor, demand, policies, documents, responses, responseCache, httpServer }: ApolloParts,
): ApolloServer<EdgeContext> {
  return new ApolloServer<EdgeContext>({
    gateway: executor,
    // graphql-js stops parsing past this many tokens (a huge query costs nothing to refuse).
    parseOptions: { maxTokens: options.queryLimits.maxTokens },
    // Bounded by entries and by what they hold in memory (Apollo's defaults count JSON length).
    documentStore: documents,
    cache: responses,
    // main.ts owns SIGTERM/SIGINT: Apollo's handlers would re-raise the signal, and the process exit 143.
    stopOnTerminationSignals: false,
    // Apollo's own warnings as JSON lines of our logger, not plain text on stderr.
    logger: apolloLogger,
    allowBatchedHttpRequests: options.queryLimits.httpBatching,
    hideSchemaDetailsFromClientErrors: !options.schemaSuggestions,
    // Trusted mode: the manifest is the only persisted-query store, and clients cannot add to it.
    ...(options.trustedDocuments && {
      persistedQueries: { cache: options.trustedDocuments.store(), ttl: null },
    }),
    // Our own rule refuses introspection when it is off (it covers `_service` and names INTROSPECTION).
    introspection: true,
    ...(!options.introspection && { validationRules: [introspectionOff] }),
    // Our own masking whatever NODE_ENV says (Apollo would expose stack traces outside production).
    includeStacktraceInErrorResponses: options.exposeErrorDetails,
    formatError: (formatted, error) =>
      withRequestId(
        maskError(formatted, error, options.exposeErrorDetails, (unexpected) =>
          logger.error('unexpected error', {
            error: unexpected instanceof Error ? unexpected.stack : String(unexpected),
          }),
        ),
      ),
    plugins: [
      demandControlPlugin(demand),
      responsePolicyPlugin(options.cacheTtlScale),
      // Fields without a hint that return objects take the longest TTL; every domain field has its own,
      // and a response's policy is the shortest among its fields.
      // Worked out once per document (plugins/cache-policy.ts); Apollo's own plugin, which hooks
      // every resolver to do it field by field, is turned off.
      cachePolicyPlugin(policies),
      ApolloServerPluginCacheControlDisabled(),
      // Whole responses (response-cache.ts): a PRIVATE answer (mapDisplay: links built on the
      // origin the request came in on) is kept per origin, any other once.
      ...(responseCache ? [responseCachePlugin(responseCache)] : []),
      // What finish.ts needs of each operation: metrics, access log, span name, response-cache write.
      learnedPlugin(responseCache !== undefined),
      // On stop, in-flight requests finish up to their own deadline (they are answered by then), not a fixed 10 s.
      ApolloServerPluginDrainHttpServer({
        httpServer,
        stopGracePeriodMillis: options.requestDeadlineMs + DRAIN_MARGIN_MS,
      }),
      // Apollo's own landing page loads from a CDN; the IDE (src/ide) is served from this process.
      ApolloServerPluginLandingPageDisabled(),
      ApolloServerPluginInlineTraceDisabled(),
    ],
  });
}
