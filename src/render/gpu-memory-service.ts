/**
 * GPU Memory Service (IntraPod), as upstream renders it: the main container's `nvidia.com/gpu`
 * becomes a pod-level DRA ResourceClaim (from a per-component ResourceClaimTemplate) that the
 * `gms-server` sidecar, `main` and any extra client containers share, plus a socket directory
 * (emptyDir) the clients reach the server through.
 */
import { claimedGpuCount, DEFAULT_GPU_RESOURCE } from '../api/gpu';
import { Container, EnvVar, JsonObject, KubeObject } from '../api/k8s-types';
import { GpuMemoryServiceModel } from '../api/model';
import { ComponentContext } from './context';
import { envValue, setEnv } from './env';
import { compact, isPlainObject } from './merge';
import { generationAnnotations, generationLabels } from './worker-generation';

export const GMS_CLAIM = 'intrapod-shared-gpu';
export const GMS_VOLUME = 'gms-intrapod-control';
export const GMS_MOUNT_PATH = '/gms-intrapod-control';
export const GMS_SOCKET_ENV = 'GMS_SOCKET_DIR';
export const GMS_SERVER = 'gms-server';
const GMS_SERVER_MODULE = 'gpu_memory_service.cli.server';
const GMS_READY_FILE = `${GMS_MOUNT_PATH}/gms-ready`;
const DEFAULT_DEVICE_CLASS = 'gpu.nvidia.com';
export const DRA_API_VERSION = 'resource.k8s.io/v1';

export const gmsClaimTemplateName = (cc: ComponentContext) => `${cc.objectName}-gpu`;

/** The ResourceClaimTemplate every pod of the component claims its GPUs from. */
export function renderGmsClaimTemplate(cc: ComponentContext, gms: GpuMemoryServiceModel): KubeObject {
  return {
    apiVersion: DRA_API_VERSION,
    kind: 'ResourceClaimTemplate',
    metadata: compact({
      name: gmsClaimTemplateName(cc),
      namespace: cc.graph.namespace,
      // Part of a worker generation: labelled so the runtime operator retires it with the rest.
      labels: cc.workerGeneration ? generationLabels(cc.graph.name, cc.component.name, cc.workerGeneration) : undefined,
      annotations: generationAnnotations(cc.workerGeneration),
    }),
    spec: {
      spec: {
        devices: {
          requests: [
            {
              name: 'gpus',
              exactly: {
                deviceClassName: gms.deviceClassName || DEFAULT_DEVICE_CLASS,
                allocationMode: 'ExactCount',
                count: claimedGpuCount(cc.component.resources),
              },
            },
          ],
        },
      },
    },
  };
}

/** Wires the claim, the socket directory and the server sidecar into a built pod spec. */
export function applyGpuMemoryService(
  cc: ComponentContext,
  gms: GpuMemoryServiceModel,
  spec: JsonObject,
  main: Container,
): void {
  // The claim replaces the device-plugin GPU, whose toleration DRA does not inject.
  dropGpuResource(main);
  addClient(main);
  spec.tolerations = [
    ...asArray(spec.tolerations),
    { key: DEFAULT_GPU_RESOURCE, operator: 'Exists', effect: 'NoSchedule' },
  ];
  spec.resourceClaims = [
    ...asArray(spec.resourceClaims),
    { name: GMS_CLAIM, resourceClaimTemplateName: gmsClaimTemplateName(cc) },
  ];
  if (!asArray(spec.volumes).some((v) => v.name === GMS_VOLUME))
    spec.volumes = [...asArray(spec.volumes), { name: GMS_VOLUME, emptyDir: {} }];
  for (const name of gms.extraClientContainers) {
    const client = asArray(spec.containers).find((c) => c.name === name && c !== main);
    if (client) addClient(client as Container);
  }
  if (!asArray(spec.initContainers).some((c) => c.name === GMS_SERVER)) {
    spec.initContainers = [...asArray(spec.initContainers), serverSidecar(main.image as string)];
  }
}

/** Runs the GMS server for the pod's lifetime; ready once it has written its ready file. */
function serverSidecar(image: string): Container {
  const server: Container = {
    name: GMS_SERVER,
    image,
    command: ['python3', '-m', GMS_SERVER_MODULE],
    restartPolicy: 'Always',
    startupProbe: { exec: { command: ['test', '-f', GMS_READY_FILE] }, periodSeconds: 1, failureThreshold: 300 },
  };
  addClient(server);
  return server;
}

/** A GMS client: the shared claim, the socket directory and where to find it (each only once). */
function addClient(c: Container): void {
  const resources = isPlainObject(c.resources) ? c.resources : {};
  if (!asArray(resources.claims).some((x) => x.name === GMS_CLAIM)) {
    c.resources = { ...resources, claims: [...asArray(resources.claims), { name: GMS_CLAIM }] };
  }
  if (!asArray(c.volumeMounts).some((m) => m.name === GMS_VOLUME)) {
    c.volumeMounts = [...asArray(c.volumeMounts), { name: GMS_VOLUME, mountPath: GMS_MOUNT_PATH }];
  }
  const env = (Array.isArray(c.env) ? c.env : []) as EnvVar[];
  if (!env.some((e) => e.name === GMS_SOCKET_ENV)) c.env = setEnv(env, envValue(GMS_SOCKET_ENV, GMS_MOUNT_PATH));
}

function dropGpuResource(c: Container): void {
  if (!isPlainObject(c.resources)) return;
  const next: JsonObject = { ...c.resources };
  for (const section of ['limits', 'requests']) {
    if (!isPlainObject(next[section])) continue;
    const { [DEFAULT_GPU_RESOURCE]: _gpu, ...rest } = next[section] as Record<string, unknown>;
    if (Object.keys(rest).length) next[section] = rest;
    else delete next[section];
  }
  c.resources = next;
}

function asArray(v: unknown): JsonObject[] {
  return Array.isArray(v) ? (v as JsonObject[]) : [];
}
