/**
 * Rules the Kubernetes API server would enforce on the rendered objects, checked on the input so
 * the problem points at the field the user wrote: names, label and annotation syntax, quantities,
 * env var names.
 */
import {
  containerResourceName,
  dns1123Label,
  dns1123Subdomain,
  envVarName,
  isNegativeQuantity,
  labelValue,
  qualifiedName,
  quantity,
  quantityValue,
  isIntegerQuantity,
  isExtendedResource,
} from '../k8s-syntax';
import { EnvVar, ResourceRequirements } from '../k8s-types';
import { dynamoNamespaceOf } from '../dynamo-namespace';
import { ComponentModel, ingressHost } from '../model';
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
    if (pvc.size !== undefined) quantities(ctx, fieldPath(keyPath('spec.pvcs', i), 'size'), pvc.size);
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
    if (objectName.length > 63) {
      ctx.error(
        paths.component(i),
        `object name "${objectName}" is the value of the nvidia.com/selector label and must be no more than 63 characters`,
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
  if (c.resources) resources(ctx, c.resources, i);
  if (typeof c.sharedMemorySize === 'string') quantities(ctx, paths.sharedMemorySize(i), c.sharedMemorySize);
  env(ctx, paths.env(i), c.env);
  if (paths.v1alpha1 && Array.isArray(c.mainContainer?.env))
    env(ctx, fieldPath(paths.mainContainer(i), 'env'), c.mainContainer.env as EnvVar[]);
  if (c.frontendSidecar?.env) env(ctx, paths.frontendSidecar(i, 'env'), c.frontendSidecar.env);
  const containers = Array.isArray(c.podSpec.containers) ? c.podSpec.containers : [];
  for (const x of containers) {
    if (isObject(x) && Array.isArray(x.env))
      env(ctx, fieldPath(paths.podContainer(i, String(x.name ?? '')), 'env'), x.env as EnvVar[]);
  }
  podRules(ctx, c, i);
}

/**
 * API server rules on the user's pod template that its schema does not carry: a component runs
 * as a Deployment, LeaderWorkerSet or PodClique, whose pods restart Always; ports are 1-65535.
 */
function podRules(ctx: ValidationContext, c: ComponentModel, i: number): void {
  const policy = c.podSpec.restartPolicy;
  if (policy !== undefined && policy !== null && policy !== 'Always') {
    ctx.error(
      fieldPath(ctx.paths.podSpec(i), 'restartPolicy'),
      `Unsupported value: ${JSON.stringify(policy)}: supported values: "Always"`,
    );
  }
  if (c.mainContainer) ports(ctx, ctx.paths.mainContainer(i), c.mainContainer.ports);
  for (const list of ['containers', 'initContainers'] as const) {
    const items = Array.isArray(c.podSpec[list]) ? (c.podSpec[list] as unknown[]) : [];
    items.forEach((x, j) => {
      if (!isObject(x)) return;
      const base =
        list === 'containers'
          ? ctx.paths.podContainer(i, String(x.name ?? ''))
          : keyPath(fieldPath(ctx.paths.podSpec(i), list), j);
      ports(ctx, base, x.ports);
    });
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
  for (const [k, v] of Object.entries(map)) {
    const path = keyPath(base, k);
    for (const m of qualifiedName(k)) ctx.error(path, `invalid label key "${k}": ${m}`);
    for (const m of labelValue(v)) ctx.error(path, `invalid label value "${v}": ${m}`);
  }
}

function annotations(ctx: ValidationContext, base: string, map: Record<string, string>): void {
  for (const k of Object.keys(map)) {
    for (const m of qualifiedName(k)) ctx.error(keyPath(base, k), `invalid annotation key "${k}": ${m}`);
  }
}

/**
 * The main container's resources, as the API server checks them: names it knows, valid and
 * non-negative quantities, whole numbers of an extended resource (`nvidia.com/gpu`) with a limit
 * and requests equal to it, and no request above its limit.
 */
function resources(ctx: ValidationContext, r: ResourceRequirements, i: number): void {
  const valid = { requests: new Map<string, string>(), limits: new Map<string, string>() };
  for (const section of ['requests', 'limits'] as const) {
    for (const [name, q] of Object.entries(r[section] ?? {})) {
      const path = ctx.paths.resource(i, section, name);
      for (const m of containerResourceName(name)) ctx.error(path, `Invalid value: "${name}": ${m}`);
      quantities(ctx, path, q);
      if (quantity(q).length > 0) continue;
      if (isNegativeQuantity(q)) ctx.error(path, `Invalid value: "${q}": must be greater than or equal to 0`);
      else if (isExtendedResource(name) && !isIntegerQuantity(q)) {
        // The multinode rule (a whole number of GPUs) says it more precisely where it applies.
        if (!ctx.problems.some((p) => p.path === path)) ctx.error(path, `Invalid value: "${q}": must be an integer`);
      } else valid[section].set(name, q);
    }
  }
  for (const [name, request] of valid.requests) {
    const path = ctx.paths.resource(i, 'requests', name);
    const limit = valid.limits.get(name);
    if (isExtendedResource(name)) {
      if (!(r.limits ?? {})[name])
        ctx.error(path, `Invalid value: "${name}": Limit must be set for non overcommitable resources`);
      else if (limit !== undefined && quantityValue(request) !== quantityValue(limit))
        ctx.error(path, `Invalid value: "${request}": must be equal to ${name} limit of ${limit}`);
    } else if (limit !== undefined && quantityValue(request) > quantityValue(limit)) {
      ctx.error(path, `Invalid value: "${request}": must be less than or equal to ${name} limit of ${limit}`);
    }
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

function ports(ctx: ValidationContext, base: string, list: unknown): void {
  if (!Array.isArray(list)) return;
  list.forEach((port, k) => {
    if (!isObject(port)) return;
    for (const field of ['containerPort', 'hostPort'] as const) {
      const v = port[field];
      // hostPort 0 means none.
      if (typeof v !== 'number' || (field === 'hostPort' && v === 0)) continue;
      if (v < 1 || v > 65535)
        ctx.error(
          fieldPath(keyPath(fieldPath(base, 'ports'), k), field),
          `Invalid value: ${v}: must be between 1 and 65535, inclusive`,
        );
    }
  });
}
