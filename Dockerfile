# The runtime operator image: `dynamo-iac operator` on distroless Node 24, non-root,
# read-only root filesystem friendly. Build from the repository root:
#   docker build -t ghcr.io/dynamo-iac/dynamo-iac-operator:$(node -p "require('./package.json').version") .
# The e2e suite builds the same image without Docker or a registry (test/node/images/build.sh):
# the build stage's commands below, the same /app layout, user, workdir, entrypoint and command.
# Only the base differs: distroless cannot be pulled there, so an equivalent is assembled from
# Debian 12 packages with Node 24 at /nodejs/bin/node (test/node/images/README.md). build.sh
# checks that each build command it runs still appears here: change both together.
FROM node:24-bookworm-slim AS build
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts
COPY tsconfig.json ./
COPY src ./src
# Only the JavaScript is needed at run time, built as `npm run compile` builds it (tsc, generated
# CRD validators, bundles); then drop the dev dependencies, but keep the operator's own ones
# (optional peer dependencies of the package, which a library install leaves out:
# docs/operator-dependencies.md), which operator-package.cjs makes dependencies of the image.
COPY scripts ./scripts
RUN npx tsc -p tsconfig.json --declaration false && node lib/api/validate/crd-validators-build.js \
  && node scripts/bundle-cli.mjs \
  && node scripts/operator-package.cjs && npm prune --omit=dev --ignore-scripts

FROM gcr.io/distroless/nodejs24-debian12:nonroot
WORKDIR /app
COPY --from=build /src/package.json ./
COPY --from=build /src/node_modules ./node_modules
COPY --from=build /src/lib ./lib
COPY bin ./bin
USER 65532:65532
ENTRYPOINT ["/nodejs/bin/node", "/app/bin/dynamo-iac"]
CMD ["operator"]
