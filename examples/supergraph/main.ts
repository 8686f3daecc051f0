import { ApolloGateway, RemoteGraphQLDataSource } from '@apollo/gateway';
import { ApolloServer } from '@apollo/server';
import { startStandaloneServer } from '@apollo/server/standalone';
import { composeSupergraph, gatewayHeaders, readSubgraphSdl } from './compose';
import { FARMS_SDL, startFarms } from './farms';

export interface SupergraphOptions {
  /** loccode-graph's GraphQL URL, e.g. `http://localhost:4000/graphql`. */
  loccodeUrl: string;
  /** A gateway key for the router's own calls, when the gateway requires keys. */
  loccodeKey?: string;
  /** Ports of the farms subgraph and of the router; 0 picks free ones. */
  farmsPort: number;
  port: number;
}

export interface RunningSupergraph {
  url: string;
  farmsUrl: string;
  /** Composition hints, `CODE: message` each (README, In a supergraph, says what each means). */
  hints: string[];
  close(): Promise<void>;
}

/** Starts the farms subgraph, composes it with loccode-graph, and serves the supergraph through @apollo/gateway. */
export async function startSupergraph(options: SupergraphOptions): Promise<RunningSupergraph> {
  const farms = await startFarms(options.farmsPort);
  try {
    const { supergraphSdl, hints } = composeSupergraph([
      {
        name: 'loccode',
        url: options.loccodeUrl,
        sdl: await readSubgraphSdl(options.loccodeUrl, options.loccodeKey),
      },
      { name: 'farms', url: farms.url, sdl: FARMS_SDL },
    ]);
    const gateway = new ApolloGateway({
      supergraphSdl,
      buildService: ({ url }) =>
        new RemoteGraphQLDataSource({
          url,
          willSendRequest: ({ request }) => {
            // Only loccode-graph gets the key: a key is never sent to another subgraph.
            if (url !== options.loccodeUrl) return;
            for (const [name, value] of Object.entries(gatewayHeaders(options.loccodeKey)))
              request.http?.headers.set(name, value);
          },
        }),
    });
    const server = new ApolloServer({ gateway });
    const { url } = await startStandaloneServer(server, {
      listen: { port: options.port, host: '127.0.0.1' },
    });
    return {
      url,
      farmsUrl: farms.url,
      hints,
      close: async () => {
        await server.stop();
        await farms.close();
      },
    };
  } catch (error) {
    await farms.close();
    throw error;
  }
}

export const EXAMPLE_QUERY = `{
  farms { name loccode { code climate { state airTemperatureCelsius } } }
  loccode(code: "KN3A 7QP") { street { name } farms { name } }
}`;

if (require.main === module) {
  startSupergraph({
    loccodeUrl: process.env.GRAPHQL_URL ?? 'http://localhost:4000/graphql',
    loccodeKey: process.env.GRAPHQL_KEY,
    farmsPort: Number(process.env.FARMS_PORT ?? 4001),
    port: Number(process.env.SUPERGRAPH_PORT ?? 4002),
  }).then(
    ({ url, farmsUrl, hints }) => {
      console.log(`farms subgraph at ${farmsUrl}`);
      hints.forEach((hint) => console.log(`composition hint: ${hint}`));
      console.log(`supergraph (@apollo/gateway) at ${url}, try:\n${EXAMPLE_QUERY}`);
    },
    (error: Error) => {
      console.error(error.message);
      process.exitCode = 1;
    },
  );
}
