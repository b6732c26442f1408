# syntax=docker/dockerfile:1
# The shop as one image: `docker compose up` (see docker-compose.yml and docs/operations.md).
# Build stage: the same commands as the README's start line (`npm install`, which honours the lock file,
# then the `npm run build` that `npm start` runs first). Runtime stage: production dependencies only,
# the built server and web app, run as the unprivileged `node` user.
# Node 24 LTS. better-sqlite3's `npm install` takes its prebuilt Node 24 binary (better-sqlite3 12.6.2,
# compiled in January 2026 against headers older than 24.19); a copy compiled against 24.19+ headers
# aborts when the garbage collector frees a statement (docs/decisions/019-link-previews-and-node-24.md).

FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY projections/package.json projections/
COPY services/package.json services/
COPY web/package.json web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY projections/package.json projections/
COPY services/package.json services/
COPY web/package.json web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm install --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/services/dist services/dist
COPY --from=build /app/services/assets services/assets
COPY --from=build /app/web/dist web/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/health/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "services/dist/main.js"]
