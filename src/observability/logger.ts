import pino from 'pino';
import type { ApolloServerOptions, BaseContext } from '@apollo/server';
import { currentScope } from '../kernel/request-scope';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

/** `LOG_LEVEL` and `LOG_FILE`, as the configuration read them (src/start/config.ts). */
export interface LoggingConfig {
  level: LogLevel;
  /** Lines are appended to this file; unset: stderr. */
  file?: string;
  /** In a worker of WORKERS > 1: its cluster id, on every line with its pid, to tell the workers' lines apart. */
  worker?: number;
}

/**
 * Structured JSON lines (pino) on stderr, or appended to a file. Written synchronously:
 * logging is light, and a line must not be lost when the process exits after a signal.
 * Every line logged while serving a request carries its `requestId`.
 */
function createPino({ level, file, worker }: LoggingConfig): pino.Logger {
  return pino(
    {
      level,
      messageKey: 'message',
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin: () => {
        const requestId = currentScope()?.requestId;
        return requestId ? { requestId } : {};
      },
      // A second line of defence; no code path logs credentials (the test suite scans every line for keys).
      redact: ['apiKey', 'authorization', 'headers.authorization', 'headers["x-api-key"]'],
      base: worker === undefined ? undefined : { pid: process.pid, worker },
    },
    pino.destination({ dest: file ?? 2, sync: true, append: true, mkdir: true }),
  );
}

/** Until start-up has read the configuration: `info` on stderr (`silent` under test: test/support configures it). */
let pinoLogger = createPino({ level: process.env.NODE_ENV === 'test' ? 'silent' : 'info' });

/**
 * Applies `LOG_LEVEL` and `LOG_FILE` from the one configuration (`.env` included), before
 * anything else logs (main.ts calls it right after loading the configuration).
 */
export function configureLogger(logging: LoggingConfig): void {
  pinoLogger = createPino(logging);
}

type Fields = Record<string, unknown>;

export const logger = {
  /** Whether lines of `level` are written (a line that would be dropped need not be built). */
  enabled: (level: Exclude<LogLevel, 'silent'>) => pinoLogger.isLevelEnabled(level),
  debug: (message: string, fields: Fields = {}) => pinoLogger.debug(fields, message),
  info: (message: string, fields: Fields = {}) => pinoLogger.info(fields, message),
  warn: (message: string, fields: Fields = {}) => pinoLogger.warn(fields, message),
  error: (message: string, fields: Fields = {}) => pinoLogger.error(fields, message),
};

/** A thrown value as log fields: its message and code, never a bare class name such as "Error". */
export function errorFields(error: unknown): { error: string; code?: string } {
  if (!(error instanceof Error)) return { error: String(error) };
  const code = (error as NodeJS.ErrnoException).code;
  // undici wraps the socket's error (ECONNREFUSED, ECONNRESET) in `cause`.
  const cause = (error as { cause?: unknown }).cause;
  const causeCode = cause instanceof Error ? (cause as NodeJS.ErrnoException).code : undefined;
  const message = error.message || error.name;
  return { error: message, ...((code ?? causeCode) && { code: code ?? causeCode }) };
}

type ApolloLogger = NonNullable<ApolloServerOptions<BaseContext>['logger']>;

/** Apollo Server's own messages (warnings of its plugins), as JSON lines of this logger with `source: apollo`. */
export const apolloLogger: ApolloLogger = {
  debug: (message: unknown) => logger.debug(apolloText(message), { source: 'apollo' }),
  info: (message: unknown) => logger.info(apolloText(message), { source: 'apollo' }),
  warn: (message: unknown) => logger.warn(apolloText(message), { source: 'apollo' }),
  error: (message: unknown) => logger.error(apolloText(message), { source: 'apollo' }),
};

function apolloText(message: unknown): string {
  return message instanceof Error ? message.message : String(message);
}
