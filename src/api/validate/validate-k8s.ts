/**
 * Rules the Kubernetes API server would enforce on the rendered objects, checked on the input so
 * the problem points at the field the user wrote: names, label and annotation syntax, quantities,
 * env var names.
 */
import { componentFieldsOfValue } from '../../crds/component-fields';
import { annotationMapProblems, labelMapProblems, resourceProblems, storageRequestProblems } from '../k8s-object-rules';
import { dns1123Label, dns1123Subdomain, envVarName, labelValue, quantity } from '../k8s-syntax';
import { EnvVar, ResourceRequirements } from '../k8s-types';
import { dynamoNamespaceOf } from '../dynamo-namespace';
import { ComponentModel, ingressHost, injectedContainersOf, isWorkerComponent } from '../model';
import { rendersWorkerGenerations } from '../worker-rollout';
import { fieldPath, isObject, keyPath } from '../read';
import { ValidationContext } from './validation-context';

const DISCOVERY_BACKEND = 'nvidia.com/dynamo-discovery-backend';

export function validateKubernetes(ctx: ValidationContext): void {
  const { model, paths } = ctx;
  for (const m of dns1123Subdomain(model.name)) ctx.error('metadata.name', `invalid value "${model.name}": ${m}`);
  if (model.name.length > 63) {
    ctx.error(
      'metadata.name',
      'must be no more than 63 characters: it is the value of the nvidia.com/dynamo-graph-deployment-name label',
    );
  }
  for (const m of dns1123Label(model.namespace))
    ctx.error('metadata.namespace', `invalid value "${model.namespace}": ${m}`);
  const dynamoNamespace = dynamoNamespaceOf(model.namespace, model.name, false);
  if (model.components.some((c) => !c.globalDynamoNamespace) && dynamoNamespace.length > 63) {
    ctx.error(
      'metadata.name',
      `the Dynamo namespace "${dynamoNamespace}" (namespace-name, the value of the nvidia.com/dynamo-namespace label) must be no more than 63 characters`,
    );
  }
  labels(ctx, 'metadata.labels', model.metadataLabels);
  annotations(ctx, 'metadata.annotations', model.metadataAnnotations);
  labels(ctx, 'spec.labels', model.labels);
  annotations(ctx, 'spec.annotations', model.annotations);
  env(ctx, paths.graphEnv, model.env);
  model.pvcs.forEach((pvc, i) => {
    // A created claim requests this much storage: more than zero.
    const at = fieldPath(keyPath('spec.pvcs', i), 'size');
    if (pvc.size === undefined) return;
    if (pvc.create) for (const m of storageRequestProblems(pvc.size)) ctx.error(at, m);
    else quantities(ctx, at, pvc.size);
  });
  model.components.forEach((c, i) => validateComponentKubernetes(ctx, c, i));
}

function validateComponentKubernetes(ctx: ValidationContext, c: ComponentModel, i: number): void {
  const { model, paths } = ctx;
  if (c.name) {
    const namePath = paths.v1alpha1 ? paths.component(i) : paths.at(i, 'name');
    for (const m of labelValue(c.name))
      ctx.error(namePath, `name "${c.name}" is the value of the nvidia.com/dynamo-component label: ${m}`);
    // Upstream names a component's objects `<graph>-<lower(component)>`; a DCD's are the DCD's name.
    const objectName =
      model.kind === 'DynamoComponentDeployment' ? model.name : `${model.name}-${c.name.toLowerCase()}`;
    // A worker generation's objects add `-<8 hex of the worker hash>`.
    const generation = isWorkerComponent(c.type) && rendersWorkerGenerations(model, ctx.settings);
    if (objectName.length + (generation ? 9 : 0) > 63) {
      const shown = generation ? `${objectName}-<worker hash>` : objectName;
      ctx.error(
        paths.component(i),
        `object name "${shown}" is the value of the nvidia.com/selector label and must be no more than 63 characters`,
      );
    } else if (hasService(ctx, c)) {
      const serviceName = objectName.replace(/\./g, '-');
      for (const m of dns1123Label(serviceName)) ctx.error(paths.component(i), `Service name "${serviceName}": ${m}`);
    }
  }
  if (paths.v1alpha1) {
    // Free-form in v1alpha1, and the values of the component-type labels on every object.
    for (const [field, v] of [
      ['componentType', c.type],
      ['subComponentType', c.subComponentType],
    ] as const) {
      for (const m of v ? labelValue(v) : [])
        ctx.error(paths.at(i, field), `invalid value "${v}": it is the value of a label: ${m}`);
    }
    labels(ctx, paths.at(i, 'labels'), c.labels);
    annotations(ctx, paths.at(i, 'annotations'), c.annotations);
  }
  labels(ctx, fieldPath(paths.podMetadata(i), 'labels'), c.podLabels);
  annotations(ctx, fieldPath(paths.podMetadata(i), 'annotations'), c.podAnnotations);
  if (c.ingress?.enabled && c.ingress.host) {
    // An Ingress rule's host (and a VirtualService's) is a DNS subdomain, `*.` allowed in front.
    const host = ingressHost(c.ingress);
    for (const m of dns1123Subdomain(host.replace(/^\*\./, '')))
      ctx.error(paths.at(i, 'ingress.host'), `Invalid value: "${host}": ${m}`);
  }
  if (c.ingress?.labels) labels(ctx, paths.at(i, 'ingress.labels'), c.ingress.labels);
  if (c.ingress?.annotations) annotations(ctx, paths.at(i, 'ingress.annotations'), c.ingress.annotations);
  resources(ctx, c, i);
  for (const name of componentFieldsOfValue('quantity')) {
    const v = c[name];
    if (typeof v === 'string') quantities(ctx, paths.componentField(i, name), v);
  }
  env(ctx, paths.env(i), c.env);
  if (paths.v1alpha1 && Array.isArray(c.mainContainer?.env))
    env(ctx, fieldPath(paths.mainContainer(i), 'env'), c.mainContainer.env as EnvVar[]);
  for (const [name, container] of injectedContainersOf(c)) {
    if (container.env) env(ctx, paths.injectedContainer(i, name, 'env'), container.env);
  }
  const containers = Array.isArray(c.podSpec.containers) ? c.podSpec.containers : [];
  for (const x of containers) {
    if (isObject(x) && Array.isArray(x.env))
      env(ctx, fieldPath(paths.podContainer(i, String(x.name ?? '')), 'env'), x.env as EnvVar[]);
  }
  podRules(ctx, c, i);
}

/**
 * API server rules on the user's pod template that its schema does not carry: a component runs
 * as a Deployment, LeaderWorkerSet or PodClique, whose pods restart Always and have no
 * activeDeadlineSeconds. (Rules on any pod template are in pod-content.ts.)
 */
function podRules(ctx: ValidationContext, c: ComponentModel, i: number): void {
  const policy = c.podSpec.restartPolicy;
  if (policy !== undefined && policy !== null && policy !== '' && policy !== 'Always') {
    ctx.error(
      fieldPath(ctx.paths.podSpec(i), 'restartPolicy'),
      `Unsupported value: ${JSON.stringify(policy)}: supported values: "Always"`,
    );
  }
  // The server takes 0 (read as unset), not any other value.
  const deadline = c.podSpec.activeDeadlineSeconds;
  if (deadline !== undefined && deadline !== null && deadline !== 0) {
    ctx.error(
      fieldPath(ctx.paths.podSpec(i), 'activeDeadlineSeconds'),
      'Forbidden: activeDeadlineSeconds is not supported in the pods of a Deployment, LeaderWorkerSet or PodClique',
    );
  }
}

/** Frontends always get a Service; other components only with Kubernetes discovery. */
function hasService(ctx: ValidationContext, c: ComponentModel): boolean {
  if (c.type === 'frontend') return true;
  const backend =
    c.annotations[DISCOVERY_BACKEND] ??
    ctx.model.metadataAnnotations[DISCOVERY_BACKEND] ??
    ctx.model.annotations[DISCOVERY_BACKEND] ??
    ctx.settings.discoveryBackend;
  return backend === 'kubernetes';
}

function labels(ctx: ValidationContext, base: string, map: Record<string, string>): void {
  for (const p of labelMapProblems(map)) ctx.error(keyPath(base, p.key), p.message);
}

function annotations(ctx: ValidationContext, base: string, map: Record<string, string>): void {
  for (const p of annotationMapProblems(map)) ctx.error(p.key ? keyPath(base, p.key) : base, p.message);
}

/**
 * The main container's resources as rendered: v1alpha1 `resources` (Dynamo form) over
 * `extraPodSpec.mainContainer.resources`, as the renderer merges them; v1beta1 the main
 * container's own. Problems point where the user wrote the resource.
 */
function resources(ctx: ValidationContext, c: ComponentModel, i: number): void {
  const own: ResourceRequirements = c.resources ?? {};
  const overlay = ctx.paths.v1alpha1 && isObject(c.mainContainer?.resources) ? c.mainContainer.resources : {};
  const section = (s: 'requests' | 'limits') => ({
    ...(isObject(overlay[s]) ? overlay[s] : {}),
    ...(own[s] ?? {}),
  });
  const merged = { requests: section('requests'), limits: section('limits') };
  if (!Object.keys(merged.requests).length && !Object.keys(merged.limits).length) return;
  for (const p of resourceProblems(merged)) {
    const path =
      own[p.section]?.[p.name] !== undefined
        ? ctx.paths.resource(i, p.section, p.name)
        : keyPath(fieldPath(ctx.paths.mainContainer(i), `resources.${p.section}`), p.name);
    // The multinode rule (a whole number of GPUs) says it more precisely where it applies.
    if (/must be an integer/.test(p.message) && ctx.problems.some((x) => x.path === path)) continue;
    ctx.error(path, p.message);
  }
}

function quantities(ctx: ValidationContext, path: string, q: string): void {
  for (const m of quantity(q)) ctx.error(path, `invalid quantity "${q}": ${m}`);
}

function env(ctx: ValidationContext, base: string, vars: readonly EnvVar[]): void {
  vars.forEach((v, j) => {
    for (const m of envVarName(v.name))
      ctx.error(fieldPath(keyPath(base, j), 'name'), `invalid value "${v.name}": ${m}`);
  });
}
