/**
 * Checks that need the rendered pod specs, because their volumes come from several places (the
 * user's pod content, component and backend defaults, PVC mounts, shared memory): every volume a
 * container mounts must exist in its pod (the API server says `volumeMounts[0].name: Not found`),
 * and no container mounts two volumes at one path (`mountPath: must be unique`). Problems point
 * at the user's mount in the input when it is one of theirs.
 */
import { isDynamoRecord } from '../../crds/crd';
import { JsonObject, KubeObject } from '../k8s-types';
import { GraphModel } from '../model';
import { Problem } from '../problems';
import { fieldPath, isObject, keyPath } from '../read';

export function renderedPodProblems(model: GraphModel, objects: readonly KubeObject[]): Problem[] {
  const pods = podSpecsOf(objects);
  const problems: Problem[] = [];
  for (const mountPath of sharedMountPaths(pods)) {
    const at = userMounts(model, 'mountPath', mountPath);
    const message = `Invalid value: "${mountPath}": must be unique: the rendered container already mounts a volume here`;
    if (at.length) for (const path of at) problems.push({ path, message, severity: 'error' });
    else
      problems.push({
        path: 'spec',
        message: `a rendered container mounts two volumes at "${mountPath}"`,
        severity: 'error',
      });
  }
  for (const name of missingVolumes(pods)) {
    const at = userMounts(model, 'name', name);
    const message = `Not found: "${name}": no volume of the pod has this name`;
    if (at.length) for (const path of at) problems.push({ path, message, severity: 'error' });
    else
      problems.push({
        path: 'spec',
        message: `a rendered pod mounts volume "${name}", which it does not define`,
        severity: 'error',
      });
  }
  return problems;
}

/**
 * Whether any rendered pod has a problem `renderedPodProblems` would report: it stops at the first
 * (it runs on every rendered graph; the paths are worked out only when there is one).
 */
export function hasRenderedPodProblems(objects: readonly KubeObject[]): boolean {
  return podSpecsOf(objects).some((pod) => !mountProblems(pod).next().done);
}

/** Pod specs of the workloads. Our own records (the DGD / DCD) carry the input, not pods: its checks are elsewhere. */
function podSpecsOf(objects: readonly KubeObject[]): JsonObject[] {
  const out: JsonObject[] = [];
  for (const o of objects) if (!isDynamoRecord(o)) podSpecsIn(o.spec, out);
  return out;
}

/** Mount paths some rendered container uses twice, sorted. */
function sharedMountPaths(pods: JsonObject[]): string[] {
  const shared = new Set<string>();
  for (const pod of pods) for (const p of mountProblems(pod)) if (p.mountPath !== undefined) shared.add(p.mountPath);
  return [...shared].sort();
}

const asList = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** Names of volumes that rendered containers mount but their pods do not define, sorted. */
function missingVolumes(pods: JsonObject[]): string[] {
  const missing = new Set<string>();
  for (const pod of pods) for (const p of mountProblems(pod)) if (p.volume !== undefined) missing.add(p.volume);
  return [...missing].sort();
}

/**
 * The mount rules, for one pod: a container (or init container) mounts a volume its pod does
 * not define, or mounts two volumes at one path.
 */
function* mountProblems(pod: JsonObject): Generator<{ volume?: string; mountPath?: string }> {
  let volumes: Set<unknown> | undefined;
  for (const list of [pod.containers, pod.initContainers]) {
    for (const c of asList(list)) {
      const mounts = isObject(c) ? asList(c.volumeMounts) : [];
      if (mounts.length === 0) continue;
      volumes ??= new Set(asList(pod.volumes).map((v) => (isObject(v) ? v.name : undefined)));
      const paths = new Set<unknown>();
      for (const m of mounts) {
        if (!isObject(m)) continue;
        if (typeof m.name === 'string' && !volumes.has(m.name)) yield { volume: m.name };
        if (typeof m.mountPath !== 'string') continue;
        if (paths.has(m.mountPath)) yield { mountPath: m.mountPath };
        paths.add(m.mountPath);
      }
    }
  }
}

/** Every pod spec under a node: any object with a `containers` list (pod specs do not nest). */
function podSpecsIn(node: unknown, out: JsonObject[]): void {
  if (Array.isArray(node)) {
    for (const x of node) if (typeof x === 'object' && x !== null) podSpecsIn(x, out);
  } else if (isObject(node)) {
    if (Array.isArray(node.containers)) {
      out.push(node);
      return;
    }
    // An index loop over the keys (not for-of over Object.values): this visits every object of every
    // rendered object, in one CLI run mostly before it is optimised, and costs about a third less.
    const keys = Object.keys(node);
    for (let i = 0; i < keys.length; i++) {
      const v = node[keys[i]];
      if (typeof v === 'object' && v !== null) podSpecsIn(v, out);
    }
  }
}

/** Input paths of the user's mounts whose `field` is `value`, in the containers of their pod content. */
function userMounts(model: GraphModel, field: 'name' | 'mountPath', value: string): string[] {
  const spec = model.source.spec;
  if (!isObject(spec)) return [];
  const v1alpha1 = model.apiVersion === 'nvidia.com/v1alpha1';
  const components: [string, unknown][] =
    model.kind === 'DynamoComponentDeployment'
      ? [['spec', spec]]
      : v1alpha1
        ? Object.entries(isObject(spec.services) ? spec.services : {}).map(([k, c]) => [keyPath('spec.services', k), c])
        : (Array.isArray(spec.components) ? spec.components : []).map((c, i) => [keyPath('spec.components', i), c]);
  const out: string[] = [];
  for (const [base, c] of components) {
    if (!isObject(c)) continue;
    const podPath = fieldPath(base, v1alpha1 ? 'extraPodSpec' : 'podTemplate.spec');
    const pod = v1alpha1 ? c.extraPodSpec : isObject(c.podTemplate) ? c.podTemplate.spec : undefined;
    if (!isObject(pod)) continue;
    const containers: [string, unknown][] = [];
    for (const list of ['containers', 'initContainers']) {
      if (Array.isArray(pod[list]))
        pod[list].forEach((x: unknown, j: number) => containers.push([keyPath(fieldPath(podPath, list), j), x]));
    }
    if (v1alpha1) containers.push([fieldPath(podPath, 'mainContainer'), pod.mainContainer]);
    for (const [path, x] of containers) {
      if (!isObject(x) || !Array.isArray(x.volumeMounts)) continue;
      x.volumeMounts.forEach((m, k) => {
        if (isObject(m) && m[field] === value) out.push(fieldPath(keyPath(fieldPath(path, 'volumeMounts'), k), field));
      });
    }
  }
  return out;
}
