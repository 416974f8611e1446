# The portal as an image: the same commands CI runs without Docker (`npm ci`, `npm run build`,
# then `node dist-server/main.js`, which the replica suite of `npm test` starts three times).
# This machine cannot build images (no Docker daemon); see docs/operations/production.md.

# ── build: the PWA (dist/) and the compiled server (dist-server/) ──────────────────────────────
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# The client's Firebase settings are read at build time (src/client/env.ts).
ARG VITE_FIREBASE_API_KEY
ARG VITE_FIREBASE_AUTH_DOMAIN
ARG VITE_FIREBASE_PROJECT_ID
ARG VITE_FIREBASE_USE_EMULATOR=false
RUN npm run build

# ── runtime packages only: no TypeScript, no test tools ────────────────────────────────────────
FROM node:24-bookworm-slim AS packages
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund

# ── the image: compiled code, built PWA, runtime packages; runs as the unprivileged `node` ─────
FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    STATIC_DIR=dist \
    DATA_DIR=/data/pglite \
    METRICS_HOST=0.0.0.0 \
    METRICS_PORT=9464
WORKDIR /app
COPY --from=packages /app/node_modules node_modules
COPY --from=build /app/dist dist
COPY --from=build /app/dist-server dist-server
COPY package.json ./
# Only used without DATABASE_URL (one replica on the embedded PGlite).
RUN mkdir -p /data && chown node:node /data
USER node
# 8080: the portal (behind the load balancer). 9464: metrics, for the scraper only; never publish it.
EXPOSE 8080 9464
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+process.env.PORT+'/api/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM drains: not ready, no new connections, requests in flight finished, exit 0.
STOPSIGNAL SIGTERM
CMD ["node", "--enable-source-maps", "dist-server/main.js"]
