import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginInlineTraceDisabled } from '@apollo/server/plugin/disabled';
import { startStandaloneServer } from '@apollo/server/standalone';
import { buildSubgraphSchema } from '@apollo/subgraph';
import { parse } from 'graphql';

/** A farm of this example subgraph; `loccode` is the code of the street it is on. */
export interface Farm {
  id: string;
  name: string;
  loccode: string;
}

/**
 * Example farms, placed at loccodes of the gateway's sandbox (the same codes exist there,
 * so the gateway answers for them). Codes are in the canonical spaced form, `KN3A 7QP`:
 * the gateway refuses the hyphenated display form.
 */
export const FARMS: readonly Farm[] = [
  { id: 'farm-1', name: 'Zik Avenue Maize Cooperative', loccode: 'KN3A 7QP' },
  { id: 'farm-2', name: 'Kano Municipal Tomato Growers', loccode: 'KN3A 7QP' },
  { id: 'farm-3', name: 'Makurdi Yam Farm', loccode: 'BE8D 3AQ' },
  { id: 'farm-4', name: 'Ogbomosho Cassava Farm', loccode: 'OY6X 8FC' },
  { id: 'farm-5', name: 'Ikeja Pepper Garden', loccode: 'LA8G 3QU' },
];

/** Federation 2.9, the version the gateway's own subgraph declares, so one router reads both. */
export const FARMS_SDL = `
extend schema @link(url: "https://specs.apollo.dev/federation/v2.9", import: ["@key"])

"A farm registered with this example subgraph."
type Farm @key(fields: "id") {
  "The farm's identifier in this subgraph, e.g. \`farm-1\`."
  id: ID!
  "The farm's name."
  name: String!
  "Where the farm is: the loccode entity, whose climate, pests and facilities the gateway resolves."
  loccode: Loccode!
}

# The gateway's loccode entity, extended with the farms at each code. Loccode and its
# key carry no description here: the gateway's own is the one the supergraph shows
# (two different ones would be an INCONSISTENT_DESCRIPTION composition hint).
type Loccode @key(fields: "code") {
  code: String!
  "The farms at this loccode; empty when there are none."
  farms: [Farm!]!
}

type Query {
  "Every farm of this subgraph."
  farms: [Farm!]!
  "One farm; null when no farm has this id."
  farm("A farm id, e.g. \`farm-1\`." id: ID!): Farm
}
`;

export const farmsSchema = buildSubgraphSchema({
  typeDefs: parse(FARMS_SDL),
  resolvers: {
    Query: {
      farms: () => FARMS,
      farm: (_parent: unknown, { id }: { id: string }) => FARMS.find((farm) => farm.id === id) ?? null,
    },
    Farm: {
      // The router asks for a farm by its key when another subgraph returns one.
      __resolveReference: ({ id }: { id: string }) => FARMS.find((farm) => farm.id === id) ?? null,
      // Only the key: the router asks the gateway for the loccode's other fields.
      loccode: (farm: Farm) => ({ code: farm.loccode }),
    },
    Loccode: {
      farms: ({ code }: { code: string }) => FARMS.filter((farm) => farm.loccode === code),
    },
  },
});

/** Serves the farms subgraph on `port` (0: a free one). */
export async function startFarms(port: number): Promise<{ url: string; close: () => Promise<void> }> {
  // Inline traces are for Apollo GraphOS reporting, which this example does not use.
  const server = new ApolloServer({
    schema: farmsSchema,
    plugins: [ApolloServerPluginInlineTraceDisabled()],
  });
  const { url } = await startStandaloneServer(server, { listen: { port, host: '127.0.0.1' } });
  return { url, close: () => server.stop() };
}
