/**
 * DynamoGraphDeploymentRequest (dgdr): SLA targets in, a generated graph out. v1beta1 is served
 * and stored; v1alpha1 (the profiling-config shape) is served, deprecated; v1beta2 (Dynamo 1.7's
 * simulation-backed search, ./deployment-request-v1beta2.ts) is served.
 */
import { DGDR_BACKENDS, DGDR_DEFAULTS, DGDR_PHASES, GPU_SKUS, PROFILING_PHASES, SEARCH_STRATEGIES } from './vocabulary';
import { condition, conditions, stringMap } from './core';
import { AGE_COLUMN, crd, PrinterColumn } from './crd';
import { specV1beta2, statusV1beta2, COLUMNS_V1BETA2 } from './deployment-request-v1beta2';
import { arr, bool, doc, enumStr, int32, int64, JSONSchemaProps, num, obj, preserveUnknown, str } from './schema';

/** A free-form object the API server keeps as written (a RawExtension or apiextensions JSON). */
const open = (description: string): JSONSchemaProps => doc(description, preserveUnknown());

/** `overrides.dgd`: an embedded resource, which the API server checks has apiVersion and kind. */
function embeddedResource(): JSONSchemaProps {
  return {
    ...doc(
      'A partial DynamoGraphDeployment (apiVersion and kind set) merged into the generated one.',
      preserveUnknown(),
    ),
    'x-kubernetes-embedded-resource': true,
  };
}

function specV1beta1(): JSONSchemaProps {
  return obj(
    {
      model: str({ minLength: 1 }),
      backend: enumStr([...DGDR_BACKENDS], DGDR_DEFAULTS.backend),
      image: str(),
      modelCache: obj({
        pvcName: str(),
        pvcModelPath: str(),
        pvcMountPath: str({ default: DGDR_DEFAULTS.pvcMountPath }),
      }),
      hardware: obj({
        gpuSku: enumStr([...GPU_SKUS]),
        vramMb: num(),
        totalGpus: int32(),
        numGpusPerNode: int32(),
        interconnect: str(),
        rdma: bool(),
      }),
      workload: obj({
        isl: int32({ default: DGDR_DEFAULTS.isl }),
        osl: int32({ default: DGDR_DEFAULTS.osl }),
        concurrency: num(),
        requestRate: num(),
      }),
      sla: obj({ ttft: num(), itl: num(), e2eLatency: num() }),
      overrides: obj({
        profilingJob: open(
          'A batch/v1 JobSpec merged into the profiling Job. Kept open: validated by the API server on the Job.',
        ),
        dgd: embeddedResource(),
      }),
      features: obj({
        planner: open('Planner configuration, passed to the Planner as it is; its presence enables the Planner.'),
        mocker: obj({ enabled: bool() }),
      }),
      searchStrategy: enumStr([...SEARCH_STRATEGIES], DGDR_DEFAULTS.searchStrategy),
      autoApply: bool(DGDR_DEFAULTS.autoApply),
    },
    { required: ['model'] },
  );
}

function statusV1beta1(): JSONSchemaProps {
  return obj({
    phase: enumStr([...DGDR_PHASES]),
    profilingPhase: enumStr([...PROFILING_PHASES]),
    dgdName: str(),
    profilingJobName: str(),
    conditions: arr(condition(), { listType: 'map', mapKeys: ['type'] }),
    profilingResults: obj({
      pareto: arr(obj({ config: open('One Pareto-optimal configuration.') }, { required: ['config'] })),
      selectedConfig: open('The configuration chosen for the SLA.'),
    }),
    deploymentInfo: obj({ replicas: int32(), availableReplicas: int32() }),
    observedGeneration: int64(),
  });
}

function specV1alpha1(): JSONSchemaProps {
  return obj(
    {
      model: str({ minLength: 1 }),
      backend: enumStr([...DGDR_BACKENDS]),
      useMocker: bool(),
      enableGpuDiscovery: bool(),
      autoApply: bool(false),
      profilingConfig: obj({
        config: open('The profiler configuration blob (sla, deployment, engine, hardware, sweep, ...).'),
        configMapRef: obj({ name: str(), key: str({ default: 'disagg.yaml' }) }, { required: ['name'] }),
        profilerImage: str(),
        outputPVC: str(),
        resources: open('A core/v1 ResourceRequirements for the profiler container.'),
        tolerations: arr(preserveUnknown()),
        nodeSelector: stringMap(),
      }),
      deploymentOverrides: obj({
        name: str(),
        namespace: str(),
        labels: stringMap(),
        annotations: stringMap(),
        workersImage: str(),
      }),
    },
    { required: ['model'] },
  );
}

function statusV1alpha1(): JSONSchemaProps {
  return obj({
    state: enumStr(['Initializing', 'Pending', 'Profiling', 'Deploying', 'Ready', 'DeploymentDeleted', 'Failed']),
    backend: str(),
    observedGeneration: int64(),
    conditions: conditions(),
    profilingResults: str(),
    generatedDeployment: open('The generated DynamoGraphDeployment.'),
    deployment: obj({ name: str(), namespace: str(), state: str(), created: bool() }),
  });
}

const COLUMNS_V1BETA1: PrinterColumn[] = [
  { name: 'Model', type: 'string', jsonPath: '.spec.model' },
  { name: 'Backend', type: 'string', jsonPath: '.spec.backend' },
  { name: 'Phase', type: 'string', jsonPath: '.status.phase' },
  { name: 'Profiling', type: 'string', jsonPath: '.status.profilingPhase' },
  { name: 'Reason', type: 'string', jsonPath: '.status.conditions[?(@.type=="Succeeded")].reason' },
  { name: 'Message', type: 'string', jsonPath: '.status.conditions[?(@.type=="Succeeded")].message' },
  { name: 'DGD', type: 'string', jsonPath: '.status.dgdName' },
  AGE_COLUMN,
];

const COLUMNS_V1ALPHA1: PrinterColumn[] = [
  { name: 'Model', type: 'string', jsonPath: '.spec.model' },
  { name: 'Backend', type: 'string', jsonPath: '.spec.backend' },
  { name: 'State', type: 'string', jsonPath: '.status.state' },
  { name: 'DGD', type: 'string', jsonPath: '.status.deployment.name' },
  AGE_COLUMN,
];

/** The request's CRD; `v1beta2`: serve the search's version (a 1.7 release on). */
export function deploymentRequestCrd({ v1beta2 = true }: { readonly v1beta2?: boolean } = {}) {
  return crd({
    kind: 'DynamoGraphDeploymentRequest',
    plural: 'dynamographdeploymentrequests',
    shortNames: ['dgdr'],
    versions: [
      {
        name: 'v1alpha1',
        deprecationWarning:
          'nvidia.com/v1alpha1 DynamoGraphDeploymentRequest is deprecated; use nvidia.com/v1beta1 DynamoGraphDeploymentRequest',
        spec: specV1alpha1(),
        status: statusV1alpha1(),
        printerColumns: COLUMNS_V1ALPHA1,
      },
      { name: 'v1beta1', storage: true, spec: specV1beta1(), status: statusV1beta1(), printerColumns: COLUMNS_V1BETA1 },
      ...(v1beta2
        ? [{ name: 'v1beta2', spec: specV1beta2(), status: statusV1beta2(), printerColumns: COLUMNS_V1BETA2 }]
        : []),
    ],
  });
}
