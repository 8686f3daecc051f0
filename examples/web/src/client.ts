import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { authHeaders, type Settings } from './settings';

/** One GraphQL error as the page shows it: the gateway's message and its code. */
export interface ApiError {
  message: string;
  code: string;
}

/** What came back: data (possibly partial) and every error, never thrown away. */
export interface ApiResult<TResult> {
  data: TResult | null;
  errors: ApiError[];
}

/**
 * POSTs one operation by its hash only (`documentId`): the gateway runs in trusted-documents
 * mode (TRUSTED_DOCUMENTS) with src/gql/persisted-documents.json, so the text never travels.
 * A network failure or a body that is not GraphQL JSON becomes an error too, with the
 * HTTP status as its code, so nothing reaches the page as a silent blank.
 */
export async function execute<TResult, TVariables>(
  settings: Settings,
  document: TypedDocumentNode<TResult, TVariables>,
  variables: TVariables,
): Promise<ApiResult<TResult>> {
  // codegen's persistedDocuments mode stamps each document with its manifest key ("sha256:<hex>").
  const documentId = (document as { __meta__?: { hash?: string } }).__meta__?.hash;
  if (!documentId) throw new Error('This document has no hash: run npm run example:web:codegen.');
  let response: Response;
  try {
    response = await fetch(`${settings.gatewayUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...authHeaders(settings) },
      body: JSON.stringify({ documentId, variables }),
    });
  } catch (error) {
    return {
      data: null,
      errors: [{ message: `${settings.gatewayUrl} unreachable: ${error}`, code: 'NETWORK' }],
    };
  }
  const body = (await response.json().catch(() => null)) as {
    data?: TResult | null;
    errors?: Array<{ message?: string; extensions?: { code?: string } }>;
  } | null;
  const errors = (body?.errors ?? []).map((error) => ({
    message: error.message ?? '(no message)',
    code: error.extensions?.code ?? `HTTP ${response.status}`,
  }));
  if (!body || (!response.ok && errors.length === 0))
    errors.push({
      message: response.statusText || 'the answer is not GraphQL JSON',
      code: `HTTP ${response.status}`,
    });
  return { data: body?.data ?? null, errors };
}
