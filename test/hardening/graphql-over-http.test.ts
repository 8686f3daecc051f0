import { auditServer, type AuditResult } from 'graphql-http';
import { useTestStack } from '../support/gateway';

/**
 * Recommendations (SHOULD: `warn`) and options (MAY: `notice`) of the GraphQL-over-HTTP audit
 * that the gateway does not follow on purpose. A requirement (MUST: `error`) is never accepted.
 */
const ACCEPTED = {
  '572B': 'A document that does not parse is HTTP 400 whatever the Accept header (Apollo; README).',
  FDE2: 'A document that does not validate is HTTP 400 whatever the Accept header (Apollo; README).',
  '7B9B': 'Variables that do not coerce are HTTP 400 whatever the Accept header (Apollo).',
} as const;

/** Refused by CSRF prevention: a GET without content-type or a preflight header (test/hardening/http.test.ts). */
const REFUSED_AS_CSRF = {
  '5A70': 'A plain GET query is refused as a potential CSRF; clients send apollo-require-preflight.',
  D6D5: 'The same refusal, for a GET with variables accepting application/graphql-response+json.',
  '6A70': 'The same refusal, for a GET with variables accepting application/json.',
} as const;

/** Every result that is not `ok`, as `id: status`, failed requirements listed with their reason. */
async function audit(url: string, fetchFn: typeof fetch = fetch): Promise<Record<string, string>> {
  const results: AuditResult[] = await auditServer({ url, fetchFn });
  expect(results.length).toBeGreaterThan(50);
  const failed = results.filter((result) => result.status === 'error');
  expect(
    failed.map((result) => `${result.id} ${result.name}: ${'reason' in result && result.reason}`),
  ).toEqual([]);
  const unmet: Record<string, string> = {};
  for (const result of results) if (result.status !== 'ok') unmet[result.id] = result.status;
  return unmet;
}

function statuses(accepted: Record<string, string>, status: string): Record<string, string> {
  return Object.fromEntries(Object.keys(accepted).map((id) => [id, status]));
}

/** What a non-browser client of ours sends: a header that no cross-site form can. */
const withPreflight: typeof fetch = (input, init) =>
  fetch(input, {
    ...init,
    headers: { ...(init?.headers as Record<string, string>), 'apollo-require-preflight': 'true' },
  });

describe('GraphQL over HTTP conformance (graphql-http audit)', () => {
  const stack = useTestStack();

  it('meets every requirement; falls short only of the pinned recommendations and the CSRF rule', async () => {
    expect(await audit(stack.app.url)).toEqual({
      ...statuses(ACCEPTED, 'warn'),
      ...statuses(REFUSED_AS_CSRF, 'notice'),
    });
  });

  it('with a preflight header, as our non-browser clients send, serves GET queries as well', async () => {
    expect(await audit(stack.app.url, withPreflight)).toEqual(statuses(ACCEPTED, 'warn'));
  });
});
