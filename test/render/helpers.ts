import type { ValidatedGraph } from '../../src/api/validated-graph';
import { KubeObject } from '../../src/api/k8s-types';
import { GraphModel } from '../../src/api/model';
import { PlatformSettings, resolveSettings } from '../../src/api/settings';
import { LABEL, renderGraph } from '../../src/render';

/**
 * The object a test knows by its stable name (`g-worker`, `g-worker-gpu`): a worker generation's
 * objects carry the render's worker hash in their name (`g-worker-<hash>`, `g-worker-<hash>-gpu`),
 * which is read from the objects' worker-hash label rather than written into every test.
 */
export function findRendered(objects: KubeObject[], kind: string, name: string): any {
  const ofKind = objects.filter((x) => x.kind === kind);
  const exact = ofKind.find((x) => x.metadata.name === name);
  if (exact) return exact;
  const hashes = new Set(objects.map((o) => o.metadata.labels?.[LABEL.workerHash]).filter((h) => h !== undefined));
  return ofKind.find((x) => [...hashes].some((h) => x.metadata.name.replace(`-${h}`, '') === name));
}

/** Renders a model and gives typed-enough access to its objects. */
export function rendered(model: GraphModel, settings: PlatformSettings = {}) {
  const objects = renderGraph(model as ValidatedGraph, resolveSettings(settings));
  const find = (kind: string, name: string): any => {
    const o = findRendered(objects, kind, name);
    if (!o) throw new Error(`no ${kind} ${name} in ${ids(objects).join(', ')}`);
    return o;
  };
  const main = (deployment: string): any =>
    find('Deployment', deployment).spec.template.spec.containers.find((c: any) => c.name === 'main');
  const envOf = (container: any): Record<string, string> =>
    Object.fromEntries(
      (container.env ?? []).map((e: any) => [e.name, e.value ?? `<${e.valueFrom.fieldRef.fieldPath}>`]),
    );
  return { objects, ids: ids(objects), find, main, envOf };
}

export const ids = (objects: KubeObject[]) => objects.map((o) => `${o.kind}/${o.metadata.name}`);
