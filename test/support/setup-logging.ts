import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { configureLogger } from '../../src/observability/logger';

/**
 * Every gateway log line of the suite, at every level, goes to a file per worker,
 * so the key scan (test/support/key-scan.ts) reads them all. `LOG_FILE` stays set for
 * the suites that read their own lines, and for spawned gateways (they read it at start).
 */
const dir = join(__dirname, '..', '..', 'test-artifacts', 'gateway-logs');
mkdirSync(dir, { recursive: true });
process.env.LOG_LEVEL = 'debug';
process.env.LOG_FILE = join(dir, `${process.pid}.jsonl`);
configureLogger({ level: 'debug', file: process.env.LOG_FILE });
