import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { SANDBOX_KEYS } from '../../src/sandbox/keys';

const ARTIFACTS = join(__dirname, '..', '..', 'test-artifacts');
const SCANNED = ['gateway-responses', 'gateway-logs'];

/** Jest global setup: start from empty recordings. */
export function clearRecordings(): void {
  for (const dir of SCANNED) rmSync(join(ARTIFACTS, dir), { recursive: true, force: true });
}

/**
 * Jest global teardown: every response body and header the gateway sent during the
 * suite, and every line it logged, must be free of the sandbox keys.
 */
export function scanRecordingsForKeys(): void {
  const leaks: string[] = [];
  let lines = 0;
  for (const dir of SCANNED.map((d) => join(ARTIFACTS, d)).filter(existsSync)) {
    for (const file of readdirSync(dir)) {
      for (const line of readFileSync(join(dir, file), 'utf8').split('\n')) {
        if (line === '') continue;
        lines += 1;
        for (const [name, key] of Object.entries(SANDBOX_KEYS)) {
          if (line.includes(key)) leaks.push(`${name} key in ${file}: ${line.slice(0, 200)}`);
        }
      }
    }
  }
  if (leaks.length > 0) throw new Error(`Sandbox keys leaked through the gateway:\n${leaks.join('\n')}`);
  if (lines === 0)
    throw new Error('The key scan found no recorded gateway responses or logs; the recording is broken.');
  console.log(`\nKey scan: ${lines} gateway responses and log lines recorded, no sandbox key in any.`);
}
