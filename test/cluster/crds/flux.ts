/**
 * Flux's real CRDs, not stand-ins: `test/infra/build.sh flux` copies source-controller's and
 * kustomize-controller's `config/crd/bases` (at the pinned controller version) into the
 * directory it prints as FLUX_CRDS. All source kinds are there (GitRepository, OCIRepository,
 * Bucket, HelmRepository, HelmChart, ExternalArtifact): kustomize-controller watches every one.
 */
import * as fs from 'fs';
import * as path from 'path';
import { parseAllDocuments } from 'yaml';

export interface Crd {
  apiVersion: string;
  kind: string;
  metadata: { name: string; [k: string]: unknown };
  spec: {
    group: string;
    names: { kind: string; plural: string };
    versions: Array<{ name: string; served: boolean }>;
    [k: string]: unknown;
  };
}

/** The CRDs in `dir` (default: env FLUX_CRDS), sorted by file name. */
export function fluxCrds(dir = process.env.FLUX_CRDS): Crd[] {
  if (!dir)
    throw new Error('FLUX_CRDS is not set: run `bash test/infra/build.sh --print-paths flux` (npm run test:flux does)');
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.yaml'))
    .sort();
  const crds = files
    .flatMap((f) => parseAllDocuments(fs.readFileSync(path.join(dir, f), 'utf8')).map((d) => d.toJS() as Crd))
    .filter((d) => d?.kind === 'CustomResourceDefinition');
  if (
    !crds.some((c) => c.spec.names.kind === 'Kustomization') ||
    !crds.some((c) => c.spec.names.kind === 'GitRepository')
  ) {
    throw new Error(
      `${dir}: expected Flux's Kustomization and GitRepository CRDs, found ${crds.map((c) => c.metadata.name).join(', ') || 'none'}`,
    );
  }
  return crds;
}
