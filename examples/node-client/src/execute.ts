import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { print } from 'graphql';

interface GraphQLResponse<TResult> {
  data?: TResult | null;
  errors?: Array<{ message: string; extensions?: { code?: string } }>;
}

/**
 * POSTs one operation; its result and variables types come from the document, so
 * `data` is typed without a cast at the call site. Any GraphQL error is thrown:
 * this example prints data and has no use for partial answers.
 */
export async function execute<TResult, TVariables>(
  url: string,
  document: TypedDocumentNode<TResult, TVariables>,
  variables: TVariables,
): Promise<TResult> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: print(document), variables }),
  });
  const body = (await response.json()) as GraphQLResponse<TResult>;
  if (body.errors?.length || !body.data) {
    const reasons = (body.errors ?? []).map(
      (error) => `${error.extensions?.code ?? 'ERROR'}: ${error.message}`,
    );
    throw new Error(`HTTP ${response.status}: ${reasons.join('; ') || 'no data'}`);
  }
  return body.data;
}
