/**
 * A request and its lock entry → the DynamoGraphDeployment it generates (nvidia.com/v1beta1) and
 * the objects that go with it. Pure: render, gitops and synth call it with the committed lock.
 *
 * For a rapid search the entry holds the tool's graph; the request's own fields are applied here,
 * in upstream's order: image, model cache, planner, then `overrides.dgd`, then names and labels.
 * A profiled entry already carries all of them (the profiler applied them in the cluster).
 */
import { canonicalJson } from '../api/canonical-json';
import { DGDR_LABEL, DeploymentRequestModel } from '../api/input/deployment-request';
import { engineProfile } from '../api/engine-profile';
import { JsonObject, KubeObject } from '../api/k8s-types';
import { isWorkerComponent } from '../api/model';
import { Problem } from '../api/problems';
import { fieldPath, isObject, keyPath } from '../api/read';
import { mergeByName } from '../render/merge';
import { graphSpecV1beta1 } from '../api/convert/graph-v1beta1';
import { PlanEntry } from './lock';
import { MAIN_CONTAINER_NAME } from '../crds/vocabulary';

export interface GeneratedGraph {
  /** The DynamoGraphDeployment, nvidia.com/v1beta1. */
  readonly manifest: KubeObject;
  /** ConfigMaps the graph mounts (the planner's configuration). */
  readonly objects: KubeObject[];
  /** Problems of the request's overrides, at the request's field paths. */
  readonly problems: Problem[];
}

export const MODEL_CACHE_VOLUME = 'model-cache';
/** Where upstream's generated Planner reads its configuration. */
export const PLANNER_CONFIG_MOUNT = '/workspace/planner_config';
export const PLANNER_CONFIG_FILE = 'planner_config.json';
/** Where upstream's Planner looks for profiling data (none for a rapid plan). */
export const PLANNER_PROFILE_DATA_DIR = '/workspace/profiling_results';

/** vLLM workers benchmark themselves at start-up for the Planner, by role. */
const BENCHMARK_MODE: Record<string, string> = { prefill: 'prefill', decode: 'decode', worker: 'agg' };

export function generateGraph(request: DeploymentRequestModel, entry: PlanEntry): GeneratedGraph {
  const problems: Problem[] = [];
  const at = request.paths.at;
  const name = graphName(request);
  let spec = JSON.parse(JSON.stringify(entry.graph)) as JsonObject;
  const objects: KubeObject[] = (entry.objects ?? []).map((o) => ({
    ...o,
    metadata: { ...o.metadata, namespace: request.namespace },
  }));
  if (entry.origin === 'rapid') {
    const image = request.spec.image ?? request.deploymentOverrides?.workersImage;
    if (image) for (const c of components(spec)) mainContainer(c).image = image;
    applyModelCache(request, spec);
    if (request.spec.features.planner) objects.push(applyPlanner(request, entry, spec, name));
    const override = request.spec.overrides.dgd;
    if (override) spec = applyOverride(override, spec, at('overrides.dgd'), problems);
  }
  const override = request.spec.overrides.dgd;
  const overrideMeta = isObject(override?.metadata) ? override.metadata : {};
  if (override && overrideMeta.namespace !== undefined) {
    problems.push({
      path: at('overrides.dgd.metadata.namespace'),
      severity: 'warning',
      message: "ignored: the generated graph lives in the request's namespace",
    });
  }
  const labels = {
    ...stringMap(overrideMeta.labels),
    ...(request.deploymentOverrides?.labels ?? {}),
    [DGDR_LABEL.name]: request.name,
    [DGDR_LABEL.namespace]: request.namespace,
  };
  const annotations = { ...stringMap(overrideMeta.annotations), ...(request.deploymentOverrides?.annotations ?? {}) };
  const manifest: KubeObject = {
    apiVersion: 'nvidia.com/v1beta1',
    kind: 'DynamoGraphDeployment',
    metadata: {
      name,
      namespace: request.namespace,
      labels,
      ...(Object.keys(annotations).length ? { annotations } : {}),
    },
    spec,
  };
  for (const o of objects)
    o.metadata.labels = {
      ...(o.metadata.labels ?? {}),
      [DGDR_LABEL.name]: request.name,
      [DGDR_LABEL.namespace]: request.namespace,
    };
  return { manifest, objects, problems };
}

/** `overrides.dgd.metadata.name` (v1beta1) or `deploymentOverrides.name` (v1alpha1), else the request's name. */
export function graphName(request: DeploymentRequestModel): string {
  const meta = isObject(request.spec.overrides.dgd?.metadata) ? request.spec.overrides.dgd.metadata : {};
  return (typeof meta.name === 'string' && meta.name) || request.deploymentOverrides?.name || request.name;
}

function components(spec: JsonObject): JsonObject[] {
  return Array.isArray(spec.components) ? spec.components.filter(isObject) : [];
}

function podSpec(c: JsonObject): JsonObject {
  const template = (c.podTemplate = isObject(c.podTemplate) ? c.podTemplate : {}) as JsonObject;
  return (template.spec = isObject(template.spec) ? template.spec : {}) as JsonObject;
}

function mainContainer(c: JsonObject): JsonObject {
  const spec = podSpec(c);
  const containers = (spec.containers = Array.isArray(spec.containers) ? spec.containers : []) as JsonObject[];
  let main = containers.find((x) => isObject(x) && x.name === MAIN_CONTAINER_NAME);
  if (!main) containers.unshift((main = { name: MAIN_CONTAINER_NAME }));
  return main;
}

const list = (o: JsonObject, key: string): unknown[] => (o[key] = Array.isArray(o[key]) ? o[key] : []) as unknown[];

/** Workers read the weights from the PVC: mounted read-only, `--model` pointed at the model's directory. */
function applyModelCache(request: DeploymentRequestModel, spec: JsonObject): void {
  const cache = request.spec.modelCache;
  if (!cache?.pvcName) return;
  const mount = cache.pvcMountPath;
  const sub = cache.pvcModelPath ?? '';
  const modelPath = sub.startsWith('/') ? sub : sub ? `${mount.replace(/\/+$/, '')}/${sub}` : mount;
  for (const c of components(spec).filter((x) => isWorkerComponent(String(x.type)))) {
    list(podSpec(c), 'volumes').push({
      name: MODEL_CACHE_VOLUME,
      persistentVolumeClaim: { claimName: cache.pvcName, readOnly: true },
    });
    const main = mainContainer(c);
    list(main, 'volumeMounts').push({ name: MODEL_CACHE_VOLUME, mountPath: mount, readOnly: true });
    const args = Array.isArray(main.args) ? main.args.map(String) : [];
    const flag = args.findIndex((a) => a === '--model' || a === '--model-path');
    if (flag >= 0 && flag + 1 < args.length) args[flag + 1] = modelPath;
    else args.push('--model-path', modelPath);
    // Clients keep addressing the model by its name, not by the path it was loaded from.
    if (!args.includes('--served-model-name')) args.push('--served-model-name', request.spec.model);
    main.args = args;
  }
}

/**
 * The Planner upstream's profiler adds when `features.planner` is present: a Planner component
 * that reads its configuration from a ConfigMap, the workers under scaling adapters (unless the
 * planner only advises), and vLLM workers benchmarking themselves for it.
 */
function applyPlanner(request: DeploymentRequestModel, entry: PlanEntry, spec: JsonObject, graph: string): KubeObject {
  const planner = request.spec.features.planner!;
  const configMap = `${graph}-planner-config`;
  const gpus = (role: string) => entry.chosen.layout.find((l) => l.role === role)?.gpusPerWorker;
  const prefillGpus = gpus('prefill');
  const decodeGpus = gpus('decode') ?? gpus('agg');
  const sla = request.spec.sla;
  const config: JsonObject = {
    ...(prefillGpus === undefined ? {} : { prefill_engine_num_gpu: prefillGpus }),
    ...(decodeGpus === undefined ? {} : { decode_engine_num_gpu: decodeGpus }),
    // The SLA the search used is the one the planner keeps, unless the planner sets its own.
    ...(sla.e2eLatency === undefined && sla.ttft !== undefined ? { ttft_ms: sla.ttft } : {}),
    ...(sla.e2eLatency === undefined && sla.itl !== undefined ? { itl_ms: sla.itl } : {}),
    ...planner,
    profile_results_dir: PLANNER_PROFILE_DATA_DIR,
  };
  const advisory = planner.advisory === true;
  const benchmarkMode = engineProfile(entry.chosen.backend)?.benchmarkMode === true;
  for (const c of components(spec).filter((x) => isWorkerComponent(String(x.type)))) {
    if (!advisory) c.scalingAdapter = {};
    if (benchmarkMode) {
      const main = mainContainer(c);
      const env = list(main, 'env').filter((e) => !(isObject(e) && e.name === 'DYN_BENCHMARK_MODE'));
      main.env = [...env, { name: 'DYN_BENCHMARK_MODE', value: BENCHMARK_MODE[String(c.type)] }];
    }
  }
  const image = request.spec.image ?? mainContainer(components(spec)[0] ?? {}).image;
  list(spec, 'components').push({
    name: 'Planner',
    type: 'planner',
    replicas: 1,
    podTemplate: {
      spec: {
        volumes: [{ name: configMap, configMap: { name: configMap } }],
        containers: [
          {
            name: MAIN_CONTAINER_NAME,
            ...(typeof image === 'string' ? { image } : {}),
            command: ['python3', '-m', 'dynamo.planner'],
            args: ['--config', `${PLANNER_CONFIG_MOUNT}/${PLANNER_CONFIG_FILE}`],
            volumeMounts: [{ name: configMap, mountPath: PLANNER_CONFIG_MOUNT, readOnly: true }],
          },
        ],
      },
    },
  });
  return {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name: configMap, namespace: request.namespace },
    data: { [PLANNER_CONFIG_FILE]: canonicalJson(config) },
  };
}

/**
 * `overrides.dgd` merged with the schema's list semantics: components, containers, env and
 * volumes by name, other lists replaced. It may only touch components the search generated.
 */
function applyOverride(override: JsonObject, spec: JsonObject, path: string, problems: Problem[]): JsonObject {
  const overrideSpec = override.spec;
  if (overrideSpec === undefined) return spec;
  if (!isObject(overrideSpec)) {
    problems.push({ path: fieldPath(path, 'spec'), message: 'must be an object', severity: 'error' });
    return spec;
  }
  if (override.apiVersion === 'nvidia.com/v1alpha1') {
    // Merging a services map into a components list needs upstream's full conversion; say so.
    const converted = graphSpecV1beta1({ apiVersion: 'nvidia.com/v1alpha1', spec: overrideSpec });
    if (converted.problems.length) {
      for (const p of converted.problems)
        problems.push({
          path: fieldPath(path, p.split(':')[0]),
          message: p.split(': ').slice(1).join(': '),
          severity: 'error',
        });
      return spec;
    }
    return applyOverride({ apiVersion: 'nvidia.com/v1beta1', spec: sparse(converted.spec) }, spec, path, problems);
  }
  const known = components(spec).map((c) => String(c.name));
  (Array.isArray(overrideSpec.components) ? overrideSpec.components : []).forEach((c, i) => {
    const name = isObject(c) ? c.name : undefined;
    if (typeof name !== 'string' || !known.includes(name)) {
      problems.push({
        path: fieldPath(keyPath(fieldPath(path, 'spec.components'), i), 'name'),
        message: `Invalid value: ${JSON.stringify(name ?? null)}: not a component of the generated graph (${known.join(', ')}); an override can change generated components, not add them`,
        severity: 'error',
      });
    }
  });
  return mergeByName(spec, overrideSpec) as JsonObject;
}

/** A converted v1alpha1 override without the empty containers the conversion adds. */
function sparse(spec: JsonObject): JsonObject {
  return {
    ...spec,
    components: components(spec).map((c) => {
      const containers =
        isObject(c.podTemplate) && isObject(c.podTemplate.spec) && Array.isArray(c.podTemplate.spec.containers)
          ? c.podTemplate.spec.containers
          : [];
      const onlyMain = containers.length === 1 && isObject(containers[0]) && Object.keys(containers[0]).length === 1;
      if (!onlyMain || Object.keys((c.podTemplate as JsonObject).spec as JsonObject).length !== 1) return c;
      const { podTemplate: _, ...rest } = c;
      return rest;
    }),
  };
}

function stringMap(v: unknown): Record<string, string> {
  return isObject(v)
    ? (Object.fromEntries(Object.entries(v).filter(([, x]) => typeof x === 'string')) as Record<string, string>)
    : {};
}
