/**
 * Plain-data argument types shared by the multi-language components (see ./index.ts): only what
 * Pulumi's schema inference accepts (interfaces, mutable arrays, string maps, `T | undefined`),
 * so every Pulumi language gets them as typed classes.
 */

/** `metadata` of the rendered record. */
export interface MetadataArgs {
  /** `metadata.name`: prefix of every rendered object name. @default - the resource's Pulumi name */
  name?: string;
  /** Kubernetes namespace. @default 'default' */
  namespace?: string;
  /** `metadata.labels`. @default - none */
  labels?: { [key: string]: string };
  /** `metadata.annotations`. @default - none */
  annotations?: { [key: string]: string };
}

/** What `pulumi up` waits for (see the TypeScript `ReadinessOptions`). */
export interface ReadinessArgs {
  /** Wait for Deployments, StatefulSets, Jobs, LeaderWorkerSets, Services, Ingresses and PVCs to be ready. @default false */
  awaitWorkloads?: boolean;
  /** Wait for the graph record's `Ready` condition (written by the runtime operator). @default false */
  awaitGraphStatus?: boolean;
  /** Longest wait per object, in seconds. @default - the provider's (10 minutes for most kinds) */
  awaitTimeoutSeconds?: number;
}

/** Render choices of the graph components. */
export interface GraphRenderArgs extends ReadinessArgs {
  /** Emit the DynamoGraphDeployment / DynamoComponentDeployment record itself (needs the nvidia.com CRDs). @default true */
  includeGraphRecord?: boolean;
  /** `lws` or `grove`: what renders multinode components. @default - upstream's rule */
  orchestrator?: string;
  /** Deprecated, no effect (warned about): LeaderWorkerSet gang-schedules its groups itself. */
  gangScheduling?: boolean;
  /** Grove path: run pods under kai-scheduler. @default false */
  kaiScheduler?: boolean;
}

/** A core/v1 EnvVar with a literal value (use `podTemplate` for `valueFrom`). */
export interface EnvVar {
  name: string;
  /** The variable's value. @default '' */
  value?: string;
}

/** core/v1 ResourceRequirements of the `main` container, quantities as strings (`'1'`, `'16Gi'`, `nvidia.com/gpu: '1'`). */
export interface ResourceRequirements {
  /** Resources the scheduler reserves, by resource name. @default - none */
  requests?: { [resource: string]: string };
  /** Most the container may use, by resource name. @default - none */
  limits?: { [resource: string]: string };
}

/**
 * The `main` container's common fields, as top-level args. Each one that is set is merged into
 * the `main` container of `podTemplate` (added when the template has none), so a pod needs no
 * template at all in the common case.
 */
export interface MainContainerArgs {
  /** The `main` container's image. @default - none (required unless `podTemplate` sets it) */
  image?: string;
  /** The `main` container's entrypoint. @default - the component type's default */
  command?: string[];
  /** Arguments to the entrypoint. @default - the component type's default */
  args?: string[];
  /** Environment variables of the `main` container. @default - none */
  env?: EnvVar[];
  /** CPU, memory and GPUs of the `main` container. @default - none */
  resources?: ResourceRequirements;
  /**
   * The whole core/v1 PodTemplateSpec, as in the manifest (camelCase keys): anything the fields
   * above do not cover (volumes, probes, sidecars, `valueFrom`). @default - none
   */
  podTemplate?: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- the schema's Any: a core/v1 object in any language
}
