# syntax=docker/dockerfile:1
# The production image: Next's standalone server (next.config.js) on Node 20, run as the
# unprivileged `node` user, with only the files the server needs. Build and try it with the
# compose file beside it (README, "Self-hosting with Docker"), or alone:
#   docker build -t unisearch .                  # the server
#   docker build -t unisearch-tools --target tools .  # migrations, seed, create-admin, jobs
# Both stages that run the app use the same Debian base as the build, so that the native modules
# npm installed (sharp, @node-rs/argon2) are the ones the image runs.

ARG NODE_IMAGE=node:20-bookworm-slim

# Dependencies, installed from the lock file (postinstall generates the Prisma client from the schema).
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json prisma.config.ts ./
COPY scripts/prisma-generate.mjs scripts/
COPY prisma/schema.prisma prisma/
RUN npm ci --no-audit --no-fund

# One-off tasks with the whole source and tsx: `npm run db:migrate`, `db:seed -- --no-demo`,
# `create-admin`, the scheduled `jobs:*`. Not the server: it is larger and holds the sources.
FROM deps AS tools
COPY . .
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1
USER node
CMD ["npm", "run", "db:migrate"]

# The production build. What next.config.js reads at build time is passed as build arguments:
# the bucket's public URL (allowed for next/image and in the Content-Security-Policy).
FROM deps AS build
COPY . .
ARG S3_PUBLIC_URL=
ENV NEXT_TELEMETRY_DISABLED=1 S3_PUBLIC_URL=${S3_PUBLIC_URL}
RUN npm run build

# The server: .next/standalone (server.js, the traced node_modules, the migration files /api/ready
# compares with the database) and the static files it serves, nothing else.
FROM ${NODE_IMAGE} AS runner
WORKDIR /app
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 HOSTNAME=0.0.0.0 PORT=3000 UPLOADS_DIR=/data/uploads
COPY --from=build --chown=node:node /app/.next/standalone ./
COPY --from=build --chown=node:node /app/.next/static ./.next/static
# (The app has no public/ folder; one added is copied too: COPY --from=build /app/public ./public.)
# Uploaded images when no bucket is configured (mount a volume here); the cache handler's files.
RUN mkdir -p /data/uploads && chown node:node /data/uploads /app/.next
USER node
EXPOSE 3000
# Liveness only: /api/health calls no dependency, so a database outage does not restart the
# container (an orchestrator's readiness probe uses /api/ready).
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "server.js"]
