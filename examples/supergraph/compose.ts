import { composeServices } from '@apollo/composition';
import { parse } from 'graphql';

/** One subgraph for composition: its name in the supergraph, where the router sends its fetches, its SDL. */
export interface Subgraph {
  name: string;
  url: string;
  sdl: string;
}

/** Headers for the gateway: a router calls it with a gateway key of its own, like any client. */
export function gatewayHeaders(key?: string): Record<string, string> {
  return key ? { authorization: `Bearer ${key}` } : {};
}

/**
 * Reads a subgraph's SDL the way a router does, from `{ _service { sdl } }`. A gateway
 * started with INTROSPECTION=off refuses it: compose from its printed
 * `schema.subgraph.graphql` instead.
 */
export async function readSubgraphSdl(url: string, key?: string): Promise<string> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...gatewayHeaders(key) },
    body: JSON.stringify({ query: '{ _service { sdl } }' }),
  });
  const body = (await response.json()) as {
    data?: { _service?: { sdl?: string } };
    errors?: Array<{ message: string }>;
  };
  const sdl = body.data?._service?.sdl;
  if (!sdl) {
    const reasons = (body.errors ?? []).map((error) => error.message).join('; ');
    throw new Error(`${url} gave no subgraph SDL (HTTP ${response.status}): ${reasons || 'no data'}`);
  }
  return sdl;
}

/** A composed supergraph and the hints composition printed about it (e.g. `INCONSISTENT_...: message`). */
export interface Supergraph {
  supergraphSdl: string;
  hints: string[];
}

/** Composes with Federation 2 rules, as `rover supergraph compose` does; any error throws, listing them all. */
export function composeSupergraph(subgraphs: Subgraph[]): Supergraph {
  const result = composeServices(
    subgraphs.map(({ name, url, sdl }) => ({ name, url, typeDefs: parse(sdl) })),
  );
  if (result.errors) {
    throw new Error(`Composition failed:\n${result.errors.map((error) => `- ${error.message}`).join('\n')}`);
  }
  return {
    supergraphSdl: result.supergraphSdl,
    hints: result.hints.map((hint) => `${hint.definition.code}: ${hint.message}`),
  };
}
