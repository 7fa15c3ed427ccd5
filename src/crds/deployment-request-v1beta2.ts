/**
 * DynamoGraphDeploymentRequest `nvidia.com/v1beta2` (Dynamo 1.7): a search over deployment
 * configurations, bounded by a GPU budget and judged by an objective. Fields, defaults and CEL
 * rules (with upstream's messages) as upstream's v1beta2 API declares them; the loader
 * (src/kinds/request/load-v1beta2.ts) enforces the same rules at build time.
 */
import { condition } from './core';
import { AGE_COLUMN, PrinterColumn } from './crd';
import {
  arr,
  doc,
  enumStr,
  int32,
  int64,
  JSONSchemaProps,
  num,
  obj,
  preserveUnknown,
  str,
  ValidationRule,
  withRules,
} from './schema';

export const REMOTE_CODE_POLICIES = ['Never', 'TrustCacheAndRevision', 'AlwaysTrust'] as const;
export type RemoteCodePolicy = (typeof REMOTE_CODE_POLICIES)[number];
/** `spec.backends[]`: one engine each, no `auto` (the list itself says which to search). */
export const V1BETA2_BACKENDS = ['vllm', 'sglang', 'trtllm'] as const;
export type V1beta2Backend = (typeof V1BETA2_BACKENDS)[number];
export const OBJECTIVE_MODES = ['optimize', 'pareto'] as const;
export const OBJECTIVE_METRICS = [
  'throughput',
  'throughputPerGpu',
  'throughputPerUser',
  'e2eLatency',
  'goodput',
  'goodputPerGpu',
] as const;
export type ObjectiveMetric = (typeof OBJECTIVE_METRICS)[number];

/** Upstream's v1beta2 CRD defaults. */
export const DGDR_V1BETA2_DEFAULTS = {
  remoteCode: 'Never' as RemoteCodePolicy,
  traceFormat: 'mooncake',
  arrivalSpeedupRatio: 1,
  maxCandidates: 5,
} as const;

/** Upstream's CEL rules, each with its message; the loader reports the same messages. */
export const V1BETA2_RULES = {
  remoteCode: {
    rule: "self.remoteCode != 'TrustCacheAndRevision' || (has(self.revision) && has(self.cache) && has(self.cache.pvc))",
    message: 'remoteCode TrustCacheAndRevision requires revision and cache.pvc',
  },
  traceSource: { rule: 'has(self.pvc) != has(self.uri)', message: 'exactly one of pvc or uri must be specified' },
  staticLoad: {
    rule: '(has(self.requestRate) ? 1 : 0) + (has(self.concurrency) ? 1 : 0) + (has(self.kvLoadRatio) ? 1 : 0) == 1',
    message: 'exactly one of requestRate, concurrency, or kvLoadRatio must be specified',
  },
  workload: {
    rule: 'has(self.trace) != has(self.static)',
    message: 'exactly one of trace or static must be specified',
  },
  sla: {
    rule: 'has(self.e2eMs) != (has(self.ttftMs) && has(self.itlMs))',
    message: 'specify either e2eMs or both ttftMs and itlMs',
  },
  objective: {
    rule: "(self.mode == 'optimize' && has(self.metric) && !has(self.metrics)) || (self.mode == 'pareto' && !has(self.metric))",
    message: 'optimize requires metric; pareto accepts only metrics',
  },
} as const satisfies Record<string, ValidationRule>;

/**
 * Upstream marks these bounds exclusive (`> 0`). Our schema builder speaks JSON Schema draft 7,
 * where `exclusiveMinimum` is a number, not the flag the API server takes: a CEL rule says it.
 */
export const POSITIVE_MESSAGE = 'must be greater than 0';
const positive = (description: string): JSONSchemaProps =>
  withRules(doc(description, num()), [{ rule: 'self > 0.0', message: POSITIVE_MESSAGE }]);
const nonEmpty = (description: string): JSONSchemaProps => doc(description, str({ minLength: 1 }));
const atLeastOne = (description: string): JSONSchemaProps => doc(description, int32({ min: 1 }));

function modelRef(): JSONSchemaProps {
  return doc(
    'The model the searched configurations serve.',
    obj(
      {
        name: nonEmpty('The model, written as the chosen backend accepts it (e.g. a Hugging Face ID).'),
        revision: doc('A repository revision to pin; backends without revisions refuse it.', str()),
        remoteCode: doc(
          'Whether generated engine commands may run Python code from the model repository.',
          enumStr([...REMOTE_CODE_POLICIES], DGDR_V1BETA2_DEFAULTS.remoteCode),
        ),
        cache: doc(
          'Weights already present for the search Job and the generated graph.',
          obj({
            pvc: doc(
              "A PersistentVolumeClaim in the request's namespace that holds the weights.",
              obj(
                {
                  name: nonEmpty('The claim holding the weights.'),
                  modelPath: nonEmpty("The model's directory, relative to the claim's root."),
                  mountPath: doc(
                    'Where the claim is mounted in generated containers (an absolute path).',
                    str({ pattern: '^/' }),
                  ),
                },
                { required: ['name', 'modelPath', 'mountPath'] },
              ),
            ),
          }),
        ),
      },
      { required: ['name'], rules: [V1BETA2_RULES.remoteCode] },
    ),
  );
}

function workload(): JSONSchemaProps {
  const trace = obj(
    {
      format: doc('The decoder of the trace file.', str({ minLength: 1, default: DGDR_V1BETA2_DEFAULTS.traceFormat })),
      source: doc(
        'Where the trace is: a claim or a URI, exactly one.',
        obj(
          {
            pvc: obj(
              {
                claimName: nonEmpty('The claim holding the trace.'),
                path: nonEmpty("The trace's path, relative to the claim's root."),
              },
              { required: ['claimName', 'path'] },
            ),
            uri: nonEmpty('An object-storage location of the trace.'),
          },
          { rules: [V1BETA2_RULES.traceSource] },
        ),
      ),
      replay: doc(
        'How the trace is replayed.',
        obj({
          arrivalSpeedupRatio: withRules(
            doc(
              'Factor on the recorded arrival rate (1 keeps it).',
              num({ default: DGDR_V1BETA2_DEFAULTS.arrivalSpeedupRatio }),
            ),
            [{ rule: 'self > 0.0', message: POSITIVE_MESSAGE }],
          ),
          concurrency: atLeastOne('Replays closed-loop with this many requests in flight, ignoring timestamps.'),
        }),
      ),
    },
    { required: ['source'] },
  );
  const staticLoad = obj(
    {
      isl: atLeastOne('Input sequence length in tokens.'),
      osl: atLeastOne('Output sequence length in tokens.'),
      numRequestRatio: doc('Number of requests relative to the chosen load.', num({ min: 1 })),
      requestRate: positive('A fixed open-loop arrival rate, in requests per second.'),
      concurrency: atLeastOne('A fixed closed-loop cap of requests in flight.'),
      kvLoadRatio: doc(
        "Concurrency derived from a candidate's KV capacity: one ratio, or a [min, max] range (Pareto only).",
        arr(num(), { minItems: 1, maxItems: 2 }),
      ),
    },
    { required: ['isl', 'osl', 'numRequestRatio'], rules: [V1BETA2_RULES.staticLoad] },
  );
  return doc(
    'The traffic every candidate is evaluated with: a trace or a synthetic shape, exactly one.',
    obj(
      {
        trace: doc('Requests replayed from a recorded trace.', trace),
        static: doc('A synthetic workload shape.', staticLoad),
      },
      { rules: [V1BETA2_RULES.workload] },
    ),
  );
}

function objective(): JSONSchemaProps {
  const metric = enumStr([...OBJECTIVE_METRICS]);
  return doc(
    'What the search optimizes: one metric, or a Pareto front over several.',
    obj(
      {
        mode: doc('`optimize` (one metric) or `pareto` (several).', enumStr([...OBJECTIVE_MODES])),
        metric: doc('The metric to optimize (mode `optimize`).', metric),
        metrics: doc(
          'Two or more metrics for the front (mode `pareto`); the search has a default pair.',
          arr(metric, { minItems: 2, listType: 'set' }),
        ),
        sla: doc(
          'Per-request latency bounds (milliseconds) that goodput counts against.',
          obj(
            {
              ttftMs: positive('Time to first token.'),
              itlMs: positive('Inter-token latency.'),
              e2eMs: positive('End-to-end latency, instead of ttftMs and itlMs.'),
            },
            { rules: [V1BETA2_RULES.sla] },
          ),
        ),
      },
      { required: ['mode'], rules: [V1BETA2_RULES.objective] },
    ),
  );
}

function search(): JSONSchemaProps {
  return doc(
    'How long and how wide the search runs.',
    obj(
      {
        budget: obj(
          {
            maxRounds: atLeastOne('Most optimizer rounds per deployment-mode branch.'),
            candidatesPerRound: atLeastOne(
              'Successful distinct configurations per round. Default: parallelEvaluations.',
            ),
            parallelEvaluations: atLeastOne('Evaluations run at once.'),
            maxEvaluationDuration: doc('Timeout of one evaluation (a duration such as `10m`).', str()),
          },
          { required: ['maxRounds', 'parallelEvaluations'] },
        ),
        parameters: doc('Further search settings, kept as written; the search tool checks them.', preserveUnknown()),
      },
      { required: ['budget'] },
    ),
  );
}

export function specV1beta2(): JSONSchemaProps {
  return obj(
    {
      modelRef: modelRef(),
      backends: doc(
        'The engines to search and to generate candidates for.',
        arr(enumStr([...V1BETA2_BACKENDS]), { minItems: 1, listType: 'set' }),
      ),
      image: nonEmpty('The versioned image of the search Job.'),
      hardware: doc(
        'The accelerators the search may use.',
        obj(
          {
            gpu: obj(
              {
                sku: nonEmpty('The GPU system, by its name in the search tool’s hardware catalog (e.g. h200_sxm).'),
                budget: atLeastOne('The most GPUs one candidate may use in total.'),
              },
              { required: ['sku', 'budget'] },
            ),
          },
          { required: ['gpu'] },
        ),
      ),
      workload: workload(),
      objective: objective(),
      search: search(),
      recommendation: doc(
        'How many candidates a run publishes.',
        obj({
          maxCandidates: doc(
            'Most DynamoGraphDeploymentCandidates one run publishes (not a limit on trials).',
            int32({ min: 1, default: DGDR_V1BETA2_DEFAULTS.maxCandidates }),
          ),
        }),
      ),
      rerun: doc(
        'Changes the spec on purpose to search again with the same inputs.',
        obj({ reason: nonEmpty('Why the search runs again; a new value starts a new run.') }, { required: ['reason'] }),
      ),
      overrides: doc(
        'Changes to the generated search Job and graphs that leave the search itself alone.',
        obj({
          profilingJob: doc(
            'A partial batch/v1 JobSpec merged into the search Job. Kept open: the API server validates the Job.',
            preserveUnknown(),
          ),
          dgd: {
            ...doc(
              'A partial DynamoGraphDeployment (apiVersion and kind set) merged into each candidate.',
              preserveUnknown(),
            ),
            'x-kubernetes-embedded-resource': true,
          },
        }),
      ),
    },
    { required: ['modelRef', 'backends', 'image', 'hardware', 'workload', 'objective', 'search'] },
  );
}

export function statusV1beta2(): JSONSchemaProps {
  const ref = obj({ name: str({ default: '' }) });
  return obj({
    observedGeneration: int64(),
    activeRunRef: doc('The run still in progress.', ref),
    recentRunRefs: doc('Finished runs kept, newest first.', arr(ref)),
    conditions: arr(condition(), { listType: 'map', mapKeys: ['type'] }),
  });
}

export const COLUMNS_V1BETA2: PrinterColumn[] = [
  { name: 'Model', type: 'string', jsonPath: '.spec.modelRef.name' },
  { name: 'Active Run', type: 'string', jsonPath: '.status.activeRunRef.name' },
  { name: 'Accepted', type: 'string', jsonPath: '.status.conditions[?(@.type=="Accepted")].status' },
  AGE_COLUMN,
];
