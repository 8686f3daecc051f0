import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse, print } from 'graphql';
import { main as runExampleClient } from '../../examples/node-client/src/main';
import { loadConfig } from '../../src/start/config';
import { SANDBOX_KEYS } from '../../src/sandbox/keys';
import { SINGLE_REQUEST_DISCIPLINE, startTestStack, type TestStack } from '../support/gateway';
import { EXAMPLE_MANIFEST } from '../support/manifest';

const MANIFEST = EXAMPLE_MANIFEST;
const documents = JSON.parse(readFileSync(MANIFEST, 'utf8')) as Record<string, string>;
const [firstId, firstDocument] = Object.entries(documents).find(([, text]) => text.includes('PestReport'))!;

describe('trusted documents', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ ...SINGLE_REQUEST_DISCIPLINE, TRUSTED_DOCUMENTS: MANIFEST });
  });
  beforeEach(() => stack.sandbox.controls.clearLog());
  afterAll(() => stack.close());

  it("runs the example client's operations by documentId: typed data, as without the mode", async () => {
    const lines: string[] = [];
    const report = await runExampleClient(stack.app.url, 'KN3A 7QP', (line: string) => lines.push(line), {
      byDocumentId: true,
    });
    expect(report.loccode.code).toBe('KN3A 7QP');
    expect(report.pestReports.map((r) => r.__typename)).toEqual(['PestProfile', 'PestOverview']);
    expect(lines.join('\n')).toMatch(/MAIZE pest risk (LOW|MEDIUM|HIGH)/);
  });

  it('runs a manifest document sent by its persisted-query hash, by GET, or as its exact text', async () => {
    const hash = firstId.replace(/^sha256:/, '');
    const variables = { code: 'KN3A 7QP', crop: 'MAIZE' };
    const byHash = await stack.http.post(stack.app.url, {
      variables,
      extensions: { persistedQuery: { version: 1, sha256Hash: hash } },
    });
    expect(byHash.status).toBe(200);
    expect(byHash.json.data.loccode.pests.__typename).toBe('PestProfile');
    const byGet = await stack.http.get(
      `${stack.app.url}?documentId=${encodeURIComponent(firstId)}&variables=${encodeURIComponent(JSON.stringify(variables))}`,
      { 'apollo-require-preflight': 'true' },
    );
    expect(byGet.status).toBe(200);
    expect(byGet.json.data).toEqual(byHash.json.data);
    const byText = await stack.http.post(stack.app.url, { query: firstDocument, variables });
    expect(byText.json.data).toEqual(byHash.json.data);
  });

  it('refuses any other text with 403 FORBIDDEN, and an unknown id with PERSISTED_QUERY_NOT_FOUND, calling nothing', async () => {
    const other = await stack.query('{ loccode(code: "KN3A 7QP") { climate { state } } }');
    expect(other.status).toBe(403);
    expect(other.errors).toHaveLength(1);
    expect(other.errors![0]!.extensions!.code).toBe('FORBIDDEN');
    expect(other.errors![0]!.message).toMatch(/trusted documents only/);
    // The manifest's text with one space more is another document.
    const edited = await stack.query(`${firstDocument} `, { code: 'KN3A 7QP', crop: 'MAIZE' });
    expect(edited.status).toBe(403);

    const unknown = await stack.http.post(stack.app.url, { documentId: `sha256:${'0'.repeat(64)}` });
    expect(unknown.json.errors[0].extensions.code).toBe('PERSISTED_QUERY_NOT_FOUND');
    expect(unknown.status).toBeGreaterThanOrEqual(400);
    // A client cannot add to the manifest the way automatic persisted queries register.
    const text = '{ loccode(code: "KN3A 7QP") { code } }';
    const { createHash } = await import('node:crypto');
    const sha256Hash = createHash('sha256').update(text).digest('hex');
    const register = await stack.http.post(stack.app.url, {
      query: text,
      extensions: { persistedQuery: { version: 1, sha256Hash } },
    });
    expect(register.status).toBe(403);
    const replay = await stack.http.post(stack.app.url, {
      extensions: { persistedQuery: { version: 1, sha256Hash } },
    });
    expect(replay.json.errors[0].extensions.code).toBe('PERSISTED_QUERY_NOT_FOUND');
    expect(stack.sandbox.controls.count()).toBe(0);
  });

  it('says why a text is refused: a registered operation sent reformatted, or an operation not in the manifest', async () => {
    // The example client sends its operations as graphql's print() writes them, not as codegen registered them.
    await expect(runExampleClient(stack.app.url, 'KN3A 7QP', () => undefined)).rejects.toThrow(
      /HTTP 403: FORBIDDEN: .*the text sent for operation \w+ differs from the registered one/,
    );
    const name = /^query (\w+)/.exec(firstDocument)![1]!;
    const reprinted = await stack.query(print(parse(firstDocument)), { code: 'KN3A 7QP', crop: 'MAIZE' });
    expect(reprinted.status).toBe(403);
    expect(reprinted.errors![0]!.extensions!.code).toBe('FORBIDDEN');
    const { message } = reprinted.errors![0]!;
    expect(message).toContain(`operation ${name} differs from the registered one`);
    expect(message).toContain('documentId ("sha256:<hash>"');
    expect(message).toContain('__meta__.hash');
    expect(message).toContain('byte for byte');

    const unregistered = await stack.query('query Unregistered { loccode(code: "KN3A 7QP") { code } }');
    expect(unregistered.status).toBe(403);
    expect(unregistered.errors![0]!.message).toMatch(/only the operations of its manifest .* run/);
    expect(unregistered.errors![0]!.message).not.toContain('differs from the registered one');
    expect(stack.sandbox.controls.count()).toBe(0);
  });

  it('is off by default; a manifest whose hashes do not match is a start-up error', () => {
    expect(loadConfig({}).access.trustedDocuments).toBeUndefined();
    const dir = mkdtempSync(join(tmpdir(), 'trusted-'));
    const forged = join(dir, 'manifest.json');
    writeFileSync(forged, JSON.stringify({ [firstId]: `${firstDocument} ` }));
    expect(() => loadConfig({ TRUSTED_DOCUMENTS: forged })).toThrow(
      /TRUSTED_DOCUMENTS: in .* is not the SHA-256/,
    );
    expect(() => loadConfig({ TRUSTED_DOCUMENTS: join(dir, 'missing.json') })).toThrow(/TRUSTED_DOCUMENTS/);
  });
});

describe('safe defaults whatever NODE_ENV says', () => {
  const typo = '{ loccode(code: "KN3A 7QP") { climat { state } } }';

  it('suggests field names over the sandbox, and hides them once an upstream is live', async () => {
    const sandbox = await startTestStack();
    try {
      const { errors } = await sandbox.query(typo);
      expect(errors![0]!.message).toMatch(/Did you mean "climate"\?/);
      const live = await startTestStack({
        ...SINGLE_REQUEST_DISCIPLINE,
        AGRI_BASE_URL: sandbox.sandbox.urls.agriculture,
        AGRI_API_KEY: SANDBOX_KEYS.agriculture,
        SANDBOX: 'all',
        ALLOW_ANONYMOUS: 'true',
      });
      try {
        const refused = await live.query(typo);
        expect(refused.status).toBe(400);
        expect(refused.errors![0]!.extensions!.code).toBe('GRAPHQL_VALIDATION_FAILED');
        expect(refused.errors![0]!.message).toMatch(/Cannot query field "climat"/);
        expect(refused.errors![0]!.message).not.toMatch(/Did you mean/);
      } finally {
        await live.close();
      }
    } finally {
      await sandbox.close();
    }
  });

  it('serves introspection by default, and refuses it with INTROSPECTION=off', async () => {
    const introspect = '{ __schema { queryType { name } } }';
    const open = await startTestStack();
    const closed = await startTestStack({ ...SINGLE_REQUEST_DISCIPLINE, INTROSPECTION: 'off' });
    try {
      expect((await open.query(introspect)).data.__schema.queryType.name).toBe('Query');
      const refused = await closed.query(introspect);
      expect(refused.status).toBe(400);
      expect(refused.errors![0]!.extensions!.code).toBe('GRAPHQL_VALIDATION_FAILED');
      expect(refused.errors![0]!.message).toMatch(/introspection is not allowed/i);
      // Ordinary queries are not affected.
      expect((await closed.query('{ loccode(code: "KN3A 7QP") { code } }')).data.loccode.code).toBe(
        'KN3A 7QP',
      );
    } finally {
      await open.close();
      await closed.close();
    }
  });

  it('keeps stack traces and internal messages out of responses even with NODE_ENV=development', async () => {
    const previous = process.env.NODE_ENV;
    process.env.NODE_ENV = 'development';
    const stack = await startTestStack();
    try {
      const result = await stack.query('{ loccode(code: "KN3A 7QP") { nope } }');
      expect(result.response.text).not.toMatch(/stacktrace|\s+at \S+ \(|\.ts:\d+/);
      const entities = await stack.query('{ _entities(representations: ["KN3A 7QP"]) { __typename } }');
      expect(entities.response.text).not.toMatch(/stacktrace|\s+at \S+ \(|\.ts:\d+/);
    } finally {
      process.env.NODE_ENV = previous;
      await stack.close();
    }
  });
});
