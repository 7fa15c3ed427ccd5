import type { ValidatedGraph } from '../../src/api/validated-graph';
import { KubeObject } from '../../src/api/k8s-types';
import { GraphModel } from '../../src/api/model';
import { PlatformSettings, resolveSettings } from '../../src/api/settings';
import { renderGraph } from '../../src/render';

/** Renders a model and gives typed-enough access to its objects. */
export function rendered(model: GraphModel, settings: PlatformSettings = {}) {
  const objects = renderGraph(model as ValidatedGraph, resolveSettings(settings));
  const find = (kind: string, name: string): any => {
    const o = objects.find((x) => x.kind === kind && x.metadata.name === name);
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
