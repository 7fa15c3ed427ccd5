// Validates Flux objects against the schemas @kubernetes-models/flux-cd publishes (generated from
// Flux's own CRDs). The package is ESM only and jest 29 cannot import it, so the jest test runs
// this script with node: a JSON array of objects on stdin, a JSON array of results on stdout,
// one per object: { ok: true } or { ok: false, errors: [...] }.
import { Kustomization } from '@kubernetes-models/flux-cd/kustomize.toolkit.fluxcd.io/v1';
import { GitRepository, OCIRepository } from '@kubernetes-models/flux-cd/source.toolkit.fluxcd.io/v1';

const MODELS = { Kustomization, GitRepository, OCIRepository };

const chunks = [];
for await (const c of process.stdin) chunks.push(c);
const objects = JSON.parse(Buffer.concat(chunks).toString('utf8'));

const results = objects.map((o) => {
  const Model = MODELS[o.kind];
  if (!Model || Model.apiVersion !== o.apiVersion) return { ok: false, errors: [`no schema for ${o.apiVersion} ${o.kind}`] };
  try {
    new Model(o).validate();
    return { ok: true };
  } catch (e) {
    return { ok: false, errors: (e.errors ?? [e]).map((x) => `${x.instancePath ?? ''} ${x.message}`.trim()) };
  }
});
process.stdout.write(JSON.stringify(results));
