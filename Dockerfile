# syntax=docker/dockerfile:1
# Funkis in a container: the same steps as CI and a developer (npm install, npm run build, npm start).
# Build: docker build -t funkis .      Run with PostgreSQL: docker compose up (compose.yaml)

FROM node:22-bookworm-slim AS build
WORKDIR /app
# Manifests first, so the dependency layer is reused while only sources change.
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/shared/package.json packages/shared/
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:22-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build --chown=node:node /app /app
RUN mkdir -p /data && chown node:node /data
# Not root: the server only needs to write DATA_DIR (SQLite file, uploaded files, mail, session secret).
USER node
VOLUME ["/data"]
EXPOSE 3000
# Ready = listening and the database answers (GET /api/health/ready, 503 otherwise).
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM reaches the server through scripts/start.mjs: requests in flight finish, the database closes.
STOPSIGNAL SIGTERM
CMD ["node", "scripts/start.mjs"]
