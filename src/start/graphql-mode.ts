/*
 * Imported first by main.ts, for its side effect. graphql-js decides once, as it loads,
 * whether it runs in production mode. Outside it every `instanceOf` check of execution
 * (several per field) also compares class names, to catch two copies of graphql in one
 * process, on every field of every request (bench/executor.ts shows what it costs).
 * NODE_ENV=production cannot be the switch: Apollo reads it too (it would turn introspection
 * off, see the Dockerfile), and config.ts makes it require every upstream URL. So, when
 * NODE_ENV is unset, graphql is loaded here under NODE_ENV=production and NODE_ENV is unset
 * again before anything else reads it. The duplicate-copy check it skips is still made by
 * the test suite, which loads graphql in development mode.
 */
if (process.env.NODE_ENV === undefined) {
  process.env.NODE_ENV = 'production';
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require('graphql');
  delete process.env.NODE_ENV;
}

export {};
