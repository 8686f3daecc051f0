import pino from 'pino';
import { currentScope } from '../upstream/request-scope';

const LEVELS = new Set(['debug', 'info', 'warn', 'error', 'silent']);

/** `LOG_LEVEL` when it names a level, else `info` (`silent` under test unless set). */
function level(): string {
  const configured = process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' ? 'silent' : 'info');
  return LEVELS.has(configured) ? configured : 'info';
}

/**
 * Structured JSON lines (pino) on stderr, or appended to `LOG_FILE`. Written synchronously:
 * logging is light, and a line must not be lost when the process exits after a signal.
 * Every line logged while serving a request carries its `requestId`.
 */
const pinoLogger = pino(
  {
    level: level(),
    messageKey: 'message',
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    mixin: () => {
      const requestId = currentScope()?.requestId;
      return requestId ? { requestId } : {};
    },
    // A second line of defence; no code path logs credentials (the test suite scans every line for keys).
    redact: ['apiKey', 'authorization', 'headers.authorization', 'headers["x-api-key"]'],
    base: undefined,
  },
  pino.destination({ dest: process.env.LOG_FILE ?? 2, sync: true, append: true, mkdir: true }),
);

type Fields = Record<string, unknown>;

export const logger = {
  debug: (message: string, fields: Fields = {}) => pinoLogger.debug(fields, message),
  info: (message: string, fields: Fields = {}) => pinoLogger.info(fields, message),
  warn: (message: string, fields: Fields = {}) => pinoLogger.warn(fields, message),
  error: (message: string, fields: Fields = {}) => pinoLogger.error(fields, message),
};
