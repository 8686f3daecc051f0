import { ConfigError, loadConfig } from '../../src/start/config';

/** The problems the configuration reports for `env` (none when it loads). */
export function problems(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}
