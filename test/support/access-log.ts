import { readFileSync } from 'node:fs';

/** The access-log line of one request (written as the response finishes: a moment after the client has it). */
export async function accessLine(requestId: string): Promise<Record<string, unknown>> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const line = readFileSync(process.env.LOG_FILE!, 'utf8')
      .split('\n')
      .filter((text) => text.includes(requestId))
      .map((text) => JSON.parse(text) as Record<string, unknown>)
      .find((entry) => entry.message === 'request');
    if (line) return line;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`no access-log line for ${requestId}`);
}
