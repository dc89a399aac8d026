# Multi-stage build of the whole product: one image serving the API, the portal and the console.
FROM node:24-bookworm-slim AS build
WORKDIR /app
ENV NX_DAEMON=false NX_TUI=false PUPPETEER_SKIP_DOWNLOAD=true
COPY package.json package-lock.json ./
COPY libs/domain/package.json libs/domain/package.json
COPY libs/read-models/package.json libs/read-models/package.json
RUN npm ci --no-audit --no-fund
COPY . .
# The runtime image has Debian's chromium: the npm-shipped one (an optional dependency, ~67 MB) is dropped.
RUN npx nx run-many -t build --projects=domain,read-models,api,portal,console \
  && npm prune --omit=dev --no-audit --no-fund \
  && rm -rf node_modules/@sparticuz/chromium

FROM node:24-bookworm-slim AS runtime
# Debian's chromium (with its fonts) renders certificates and invoices (CHROMIUM_PATH, STACK.md).
RUN apt-get update && apt-get install -y --no-install-recommends chromium fonts-dejavu-core fonts-liberation \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NODE_ENV=production PORT=3000 CHROMIUM_PATH=/usr/bin/chromium
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/nx.json ./nx.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/libs/domain/package.json ./libs/domain/package.json
COPY --from=build /app/libs/domain/dist ./libs/domain/dist
COPY --from=build /app/libs/read-models/package.json ./libs/read-models/package.json
COPY --from=build /app/libs/read-models/dist ./libs/read-models/dist
COPY --from=build /app/dist ./dist
USER node
EXPOSE 3000
STOPSIGNAL SIGTERM
CMD ["node", "dist/apps/api/main.js"]
