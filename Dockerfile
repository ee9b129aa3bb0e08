# syntax=docker/dockerfile:1
# Production image: the service with production dependencies only, as a non-root user.
# Untested here (no Docker engine runs on the development machines); see docs/operations.md.
#
#   docker build -t judge-dredd-pbw .
#   docker run -p 3000:3000 -e DATABASE_URL=postgres://user:pass@db:5432/judge_dredd judge-dredd-pbw

# Node 22 (22.18 or later): package.json engines; graphile-worker needs 22.18, Prisma and vitest skip 23.
ARG NODE_VERSION=22

# 1. Everything, dev dependencies included, to generate the Prisma Client and build the web client
#    (npm ci's postinstall).
FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json prisma.config.ts tsconfig.json ./
COPY prisma ./prisma
COPY openapi ./openapi
COPY web ./web
COPY scripts/prisma-generate.ts scripts/build-web.ts ./scripts/
RUN npm ci --no-audit --no-fund
COPY . .

# 2. Production dependencies only (the postinstall step sees no Prisma CLI and no Vite, and skips both).
FROM node:${NODE_VERSION}-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY scripts/prisma-generate.ts scripts/build-web.ts ./scripts/
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# 3. The image: sources (Node strips their types), the generated client, migrations, production node_modules.
FROM node:${NODE_VERSION}-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/package.json /app/tsconfig.json ./
COPY --from=build /app/src ./src
COPY --from=build /app/prisma ./prisma
COPY --from=build /app/web/dist ./web/dist
# DATA_DIR is only used when DATABASE_URL is unset (embedded Postgres, for a demo).
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Run node directly, not through npm, so SIGTERM reaches the service and it shuts down gracefully;
# with npm start's flags (package.json, docs/operations.md).
CMD ["node", "--max-semi-space-size=32", "--max-old-space-size=1024", "src/main.ts"]
