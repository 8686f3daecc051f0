import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { print } from 'graphql';

interface GraphQLResponse<TResult> {
  data?: TResult | null;
  errors?: Array<{ message: string; extensions?: { code?: string } }>;
}

export interface ExecuteOptions {
  /**
   * Send the document's hash (`documentId`) instead of its text: what a gateway in
   * trusted-documents mode (TRUSTED_DOCUMENTS) runs.
   */
  byDocumentId?: boolean;
  /** Extra headers, e.g. the gateway key: `{ authorization: 'Bearer <key>' }`. */
  headers?: Record<string, string>;
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
  options: ExecuteOptions = {},
): Promise<TResult> {
  // codegen's persisted-documents mode stamps each document with the hash the manifest lists it under.
  const documentId = (document as { __meta__?: { hash?: string } }).__meta__?.hash;
  const operation =
    options.byDocumentId && documentId ? { documentId, variables } : { query: print(document), variables };
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...options.headers },
    body: JSON.stringify(operation),
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
