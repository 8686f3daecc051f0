/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  // Type checking is `npm run typecheck`'s job; transpiling per file keeps jest fast.
  transform: { '^.+\\.ts$': ['ts-jest', { diagnostics: false }] },
  testTimeout: 20000,
  // Jest's default on a 2-core machine is one worker, which leaves a core idle while tests wait
  // on sockets, timers and child processes; with two, one runs while the other waits, and
  // every test still passes.
  maxWorkers: 2,
  setupFiles: ['<rootDir>/test/support/setup-logging.ts'],
  // Around the whole suite: clear, then scan every gateway response and log line for keys.
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
};
