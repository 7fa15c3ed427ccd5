/** Flux objects checked against the schemas @kubernetes-models/flux-cd publishes (generated from Flux's own CRDs). */
import type { Kustomization } from '@kubernetes-models/flux-cd/kustomize.toolkit.fluxcd.io/v1';
import type { GitRepository, OCIRepository } from '@kubernetes-models/flux-cd/source.toolkit.fluxcd.io/v1';
import { requireEsmFile } from '../../src/api/esm-package';

type FluxModel = (typeof Kustomization | typeof GitRepository | typeof OCIRepository) & { apiVersion: string };
const FLUX_MODELS: Record<string, FluxModel> = {
  ...requireEsmFile<Record<string, FluxModel>>('@kubernetes-models/flux-cd', 'kustomize.toolkit.fluxcd.io/v1/index.js'),
  ...requireEsmFile<Record<string, FluxModel>>('@kubernetes-models/flux-cd', 'source.toolkit.fluxcd.io/v1/index.js'),
};

/** Validates with the schemas @kubernetes-models/flux-cd publishes (generated from Flux's own CRDs). */
export function validateWithFluxSchemas(objects: any[]): { ok: boolean; errors?: string[] }[] {
  return objects.map((o) => {
    const Model = FLUX_MODELS[o.kind];
    if (!Model || Model.apiVersion !== o.apiVersion)
      return { ok: false, errors: [`no schema for ${o.apiVersion} ${o.kind}`] };
    try {
      new Model(o).validate();
      return { ok: true };
    } catch (e: any) {
      return { ok: false, errors: (e.errors ?? [e]).map((x: any) => `${x.instancePath ?? ''} ${x.message}`.trim()) };
    }
  });
}
