import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { introspectionFromSchema, printSchema } from 'graphql';
import { buildSchema } from '../src/graph/schema';
import { conformanceDocument } from '../datasources/conformance';

/**
 * The schema exactly as the endpoint serves it (federation's `_service`/`_entities`
 * included), so a client's codegen sees what introspection of the running server shows.
 * `printSchema` of the built schema rather than `printSubgraphSchema`: it declares every
 * federation directive it uses, so the file is valid SDL for any tool, not only federation-aware ones.
 */
export function printedSchemaFiles(): Record<string, string> {
  const schema = buildSchema();
  return {
    'schema.graphql': `${printSchema(schema)}\n`,
    'schema.introspection.json': `${JSON.stringify(introspectionFromSchema(schema), null, 2)}\n`,
    // The upstream error conformance tables (issue #12), printed from the code that applies them.
    'docs/CONFORMANCE.md': conformanceDocument(),
  };
}

/** The repository root, from `scripts/` (ts-jest) or `dist/scripts/` (built). */
const REPOSITORY_ROOT = [join(__dirname, '..'), join(__dirname, '..', '..')].find((dir) =>
  existsSync(join(dir, 'package.json')),
)!;

/** Files of {@link printedSchemaFiles} whose committed copy differs from a fresh print. */
export function staleSchemaFiles(): string[] {
  return Object.entries(printedSchemaFiles())
    .filter(([name, text]) => readCommitted(name) !== text)
    .map(([name]) => name);
}

function readCommitted(name: string): string | undefined {
  try {
    return readFileSync(join(REPOSITORY_ROOT, name), 'utf8');
  } catch {
    return undefined;
  }
}

if (require.main === module) {
  for (const [name, text] of Object.entries(printedSchemaFiles())) {
    writeFileSync(join(REPOSITORY_ROOT, name), text);
    console.log(`wrote ${name}`);
  }
}
