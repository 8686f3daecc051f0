import { appendFileSync } from 'node:fs';

/**
 * Structured JSON log lines on stderr (or appended to `LOG_FILE`); `LOG_LEVEL`
 * picks the least severe level written.
 */
const LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;
type Level = (typeof LEVELS)[number];

function threshold(): number {
  const configured = (process.env.LOG_LEVEL ??
    (process.env.NODE_ENV === 'test' ? 'silent' : 'info')) as Level;
  const index = LEVELS.indexOf(configured);
  return index === -1 ? LEVELS.indexOf('info') : index;
}

function write(level: Exclude<Level, 'silent'>, message: string, fields: Record<string, unknown>): void {
  if (LEVELS.indexOf(level) < threshold()) return;
  const line = `${JSON.stringify({ time: new Date().toISOString(), level, message, ...fields })}\n`;
  try {
    if (process.env.LOG_FILE) appendFileSync(process.env.LOG_FILE, line);
    else process.stderr.write(line);
  } catch {
    // Logging must never break a request; a line that cannot be written is dropped.
  }
}

export const logger = {
  debug: (message: string, fields: Record<string, unknown> = {}) => write('debug', message, fields),
  info: (message: string, fields: Record<string, unknown> = {}) => write('info', message, fields),
  warn: (message: string, fields: Record<string, unknown> = {}) => write('warn', message, fields),
  error: (message: string, fields: Record<string, unknown> = {}) => write('error', message, fields),
};
