# syntax=docker/dockerfile:1
# loccode-graph: build with the dev dependencies, run with the production ones only, as a non-root user.

# Node 24, the active LTS line (Node 20's end of life was 2026-04-30). CI runs the tests on 20 and
# 24; npm run bench measures the gateway as this image runs it (bench/runtime: the same major and
# NODE_OPTIONS, kept in step by a test), where a response-cache hit took 2 to 10 % less CPU than
# on 20 and executing a query no consistently different CPU (BENCHMARKS.md).
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts --no-audit --no-fund
# Everything tsconfig.build.json compiles; .dockerignore keeps out the rest that weighs.
COPY . .
RUN npm run build

FROM node:24-bookworm-slim AS runtime
# No NODE_ENV=production: Apollo would turn introspection off, and with it the IDE and codegen.
# A heap limit of our own: the caches are bounded well under it (README, Memory), so the
# process stays near 250 MB of RSS instead of growing until the container is killed. Node 24's V8
# sizes young-generation semi-spaces larger than Node 20's 16 MB, which alone took RSS to 292-326 MB
# under load; 16 MB keeps it near 200 MB (32 MB measured no faster, with 45 MB more: BENCHMARKS.md).
ENV HOST=0.0.0.0 \
    PORT=4000 \
    NODE_OPTIONS="--max-old-space-size=256 --max-semi-space-size=16"
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force
# The SDL is read at run time from schema/ beside dist/.
COPY schema ./schema
COPY --from=build /app/dist ./dist
USER node
EXPOSE 4000
# /healthz says the process is up; node's own fetch, as the slim image has no curl.
HEALTHCHECK --interval=15s --timeout=3s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 4000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Exec form: node is PID 1 and receives SIGTERM itself, for a graceful shutdown.
CMD ["node", "dist/src/start/main.js"]
