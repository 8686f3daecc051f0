import { readFileSync } from 'node:fs';
import { waitFor } from './time';

/** The access-log line of one request (written as the response finishes: a moment after the client has it). */
export async function accessLine(requestId: string): Promise<Record<string, unknown>> {
  let line: Record<string, unknown> | undefined;
  await waitFor(
    () => {
      line = readFileSync(process.env.LOG_FILE!, 'utf8')
        .split('\n')
        .filter((text) => text.includes(requestId))
        .map((text) => JSON.parse(text) as Record<string, unknown>)
        .find((entry) => entry.message === 'request');
      return line !== undefined;
    },
    { timeoutMs: 1_000, what: `the access-log line of ${requestId}` },
  );
  return line!;
}
