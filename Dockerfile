# The runtime operator image: `dynamo-iac operator` on distroless Node 24, non-root,
# read-only root filesystem friendly. Build from the repository root:
#   docker build -t ghcr.io/dynamo-iac/dynamo-iac-operator:$(node -p "require('./package.json').version") .
FROM node:24-bookworm-slim AS build
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts
COPY tsconfig.json ./
COPY src ./src
# Only the JavaScript (and the generated CRD validators, as `npm run compile` makes them) is
# needed at run time; then drop the dev dependencies.
RUN npx tsc -p tsconfig.json --declaration false && node lib/api/crd-validators-build.js && npm prune --omit=dev --ignore-scripts

FROM gcr.io/distroless/nodejs24-debian12:nonroot
WORKDIR /app
COPY --from=build /src/package.json ./
COPY --from=build /src/node_modules ./node_modules
COPY --from=build /src/lib ./lib
COPY bin ./bin
USER 65532:65532
ENTRYPOINT ["/nodejs/bin/node", "/app/bin/dynamo-iac"]
CMD ["operator"]
