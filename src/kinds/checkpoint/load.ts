/**
 * DynamoCheckpoint from a manifest: loading and validation, upstream's messages.
 *
 * Only standalone checkpoints are modelled: a checkpoint with an identity that components
 * reference by name (`checkpointRef`). DGD-managed automatic checkpoints are created by the
 * upstream DGD controller at runtime and are rejected here (docs/deviations.md).
 */
import { DEFAULT_NAMESPACE } from '../../output/kube-object';
import { artifactVersionOf, CHECKPOINT_ANNOTATION, CheckpointModel } from '../../api/checkpoint';
import { CheckpointIdentityInput } from '../../api/checkpoint-identity';
import { GMS_SNAPSHOT_DISABLED } from '../../api/gms-snapshot';
import { annotationMapProblems, labelMapProblems } from '../../api/k8s-object-rules';
import { dns1123Label, dns1123Subdomain, isNegativeQuantity, isZeroQuantity, quantity } from '../../api/k8s-syntax';
import { JsonObject } from '../../api/k8s-types';
import { BACKEND_FRAMEWORKS } from '../../api/model';
import { Problem } from '../../api/problems';
import { podContentProblems } from '../../api/validate/pod-content';
import { fieldPath, InputReader, isObject, keyPath } from '../../api/read';
import { MAIN_CONTAINER_NAME } from '../../crds/vocabulary';

/** Bytes of annotations the checkpoint Job adds to its pod template's (storage type, base path, target). */
const CHECKPOINT_JOB_ANNOTATION_RESERVE = 4096;

export interface CheckpointLoadResult {
  readonly model?: CheckpointModel;
  readonly problems: Problem[];
}

/** A parsed DynamoCheckpoint document → model plus every problem (reading and validation). */
export function loadCheckpoint(doc: JsonObject, opts: { defaultNamespace?: string } = {}): CheckpointLoadResult {
  const r = new InputReader();
  const metadata = r.object(doc.metadata, 'metadata') ?? {};
  const name = r.requiredString(metadata.name, 'metadata.name');
  const spec = r.object(doc.spec, 'spec');
  if (!spec) r.error('spec', 'Required value');
  const identityDoc = r.object(spec?.identity, 'spec.identity');
  const job = r.object(spec?.job, 'spec.job');
  const model: CheckpointModel = {
    name: name ?? '',
    namespace: r.string(metadata.namespace, 'metadata.namespace') || opts.defaultNamespace || DEFAULT_NAMESPACE,
    labels: r.stringMap(metadata.labels, 'metadata.labels'),
    annotations: r.stringMap(metadata.annotations, 'metadata.annotations'),
    ...(identityDoc ? { identity: readIdentity(r, identityDoc, 'spec.identity') } : {}),
    job: job ?? {},
    source: doc,
  };
  if (spec && (spec.job === undefined || spec.job === null)) r.error('spec.job', 'Required value');
  const problems = [...r.problems];
  if (name !== undefined && spec) problems.push(...validateCheckpoint(model, { jobPresent: job !== undefined }));
  return { model: name !== undefined && spec ? model : undefined, problems };
}

function readIdentity(r: InputReader, o: JsonObject, path: string): CheckpointIdentityInput {
  const at = (f: string) => fieldPath(path, f);
  const extra = o.extraParameters === undefined ? undefined : r.stringMap(o.extraParameters, at('extraParameters'));
  const out: Record<string, unknown> = {
    model: r.string(o.model, at('model')) ?? '',
    backendFramework: r.string(o.backendFramework, at('backendFramework')) ?? '',
    dynamoVersion: r.string(o.dynamoVersion, at('dynamoVersion')),
    tensorParallelSize: r.integer(o.tensorParallelSize, at('tensorParallelSize')),
    pipelineParallelSize: r.integer(o.pipelineParallelSize, at('pipelineParallelSize')),
    dtype: r.string(o.dtype, at('dtype')),
    maxModelLen: r.integer(o.maxModelLen, at('maxModelLen')),
    extraParameters: extra,
  };
  return Object.fromEntries(
    Object.entries(out).filter(([, v]) => v !== undefined),
  ) as unknown as CheckpointIdentityInput;
}

/**
 * Upstream's DynamoCheckpoint admission rules for a standalone checkpoint (reference §2.5), the
 * CRD schema's rules, and the Kubernetes name rules the checkpoint Job must pass.
 */
export function validateCheckpoint(c: CheckpointModel, opts: { jobPresent?: boolean } = {}): Problem[] {
  const problems: Problem[] = [];
  const error = (path: string, message: string) => problems.push({ path, message, severity: 'error' });
  for (const m of dns1123Subdomain(c.name)) error('metadata.name', `Invalid value: "${c.name}": ${m}`);
  for (const p of labelMapProblems(c.labels)) error(keyPath('metadata.labels', p.key), p.message);
  for (const p of annotationMapProblems(c.annotations))
    error(p.key ? keyPath('metadata.annotations', p.key) : 'metadata.annotations', p.message);
  if (CHECKPOINT_ANNOTATION.autoCheckpoint in c.annotations) {
    error(
      keyPath('metadata.annotations', CHECKPOINT_ANNOTATION.autoCheckpoint),
      'Forbidden: DGD-managed automatic checkpoints are created by the upstream operator at runtime; dynamo-iac renders standalone checkpoints (spec.identity) that components reference with checkpointRef',
    );
  }
  const id = c.identity;
  if (!id) {
    error('spec.identity', 'Required value: is required for a standalone checkpoint');
  } else {
    if (!id.model) error('spec.identity.model', 'Required value');
    if (!id.backendFramework) error('spec.identity.backendFramework', 'Required value');
    else if (!(BACKEND_FRAMEWORKS as readonly string[]).includes(id.backendFramework)) {
      error(
        'spec.identity.backendFramework',
        `Unsupported value: "${id.backendFramework}": supported values: ${BACKEND_FRAMEWORKS.map((b) => `"${b}"`).join(', ')}`,
      );
    }
    for (const f of ['tensorParallelSize', 'pipelineParallelSize', 'maxModelLen'] as const) {
      const v = id[f];
      if (v !== undefined && v < 1)
        error(
          fieldPath('spec.identity', f),
          `Invalid value: ${v}: spec.identity.${f} in body should be greater than or equal to 1`,
        );
    }
  }
  // Upstream's webhook refuses GMS checkpoints unless an internal gate is on (it is off by default).
  const gms = isObject(c.source.spec) ? c.source.spec.gpuMemoryService : undefined;
  if (isObject(gms) && gms.enabled === true) error('spec.gpuMemoryService', `Forbidden: ${GMS_SNAPSHOT_DISABLED}`);
  if (opts.jobPresent === false) return problems;
  validateJob(c.job, error, (p) => problems.push(p));
  // The Job is named checkpoint-job-<id>-<version> and the version is a label value on its pods.
  const version = artifactVersionOf(c);
  const versionPath = keyPath('metadata.annotations', CHECKPOINT_ANNOTATION.artifactVersion);
  for (const m of dns1123Label(version)) error(versionPath, `Invalid value: "${version}": ${m}`);
  if (`checkpoint-job-0123456789abcdef-${version}`.length > 63) {
    error(
      versionPath,
      `Invalid value: "${version}": the checkpoint Job name checkpoint-job-<id>-${version} must be no more than 63 characters`,
    );
  }
  return problems;
}

/** `add` takes the pod content's problems as they are (warnings among them). */
function validateJob(job: JsonObject, error: (path: string, message: string) => void, add: (p: Problem) => void): void {
  const template = job.podTemplateSpec;
  if (!isObject(template)) {
    error('spec.job.podTemplateSpec', template === undefined ? 'Required value' : 'must be an object');
    return;
  }
  const target = job.targetContainerName ?? MAIN_CONTAINER_NAME;
  if (typeof target !== 'string') error('spec.job.targetContainerName', 'must be a string');
  else for (const m of dns1123Label(target)) error('spec.job.targetContainerName', `Invalid value: "${target}": ${m}`);
  const containers = isObject(template.spec) && Array.isArray(template.spec.containers) ? template.spec.containers : [];
  if (!containers.length) error('spec.job.podTemplateSpec.spec.containers', 'Required value');
  else if (typeof target === 'string' && !containers.some((x) => isObject(x) && x.name === target)) {
    error(
      'spec.job.targetContainerName',
      `Invalid value: "${target}": does not name a container in spec.job.podTemplateSpec.spec.containers`,
    );
  }
  containers.forEach((x, i) => {
    if (isObject(x) && !x.image)
      error(fieldPath(keyPath('spec.job.podTemplateSpec.spec.containers', i), 'image'), 'Required value');
  });
  // The rest of the template as the API server checks it (the Job sets restartPolicy itself).
  const content = podContentProblems(template, 'PodTemplateSpec', 'spec.job.podTemplateSpec');
  content.forEach(add);
  // The Job's pods carry the template's annotations and the Job's storage annotations (well under 4 KiB).
  const meta = template.metadata;
  if (isObject(meta) && isObject(meta.annotations))
    for (const p of annotationMapProblems(meta.annotations, { reserve: CHECKPOINT_JOB_ANNOTATION_RESERVE }))
      if (!p.key && !content.some((x) => x.path === 'spec.job.podTemplateSpec.metadata.annotations'))
        error('spec.job.podTemplateSpec.metadata.annotations', p.message);
  // A Job's pods take no activeDeadlineSeconds below 1 (a Deployment's read 0 as unset).
  const podDeadline = isObject(template.spec) ? template.spec.activeDeadlineSeconds : undefined;
  if (typeof podDeadline === 'number' && podDeadline < 1)
    error(
      'spec.job.podTemplateSpec.spec.activeDeadlineSeconds',
      `Invalid value: ${podDeadline}: must be between 1 and 2147483647, inclusive`,
    );
  const deadline = job.activeDeadlineSeconds;
  if (deadline !== undefined && (typeof deadline !== 'number' || !Number.isInteger(deadline) || deadline < 1)) {
    error(
      'spec.job.activeDeadlineSeconds',
      `Invalid value: ${JSON.stringify(deadline)}: spec.job.activeDeadlineSeconds in body should be greater than or equal to 1`,
    );
  }
  const shm = job.sharedMemory;
  if (isObject(shm) && shm.disabled !== true && shm.size !== undefined) {
    const size = String(shm.size);
    const bad = quantity(size);
    if (bad.length) error('spec.job.sharedMemory.size', `Invalid value: "${size}": ${bad.join('; ')}`);
    else if (isZeroQuantity(size)) error('spec.job.sharedMemory.size', 'is required when disabled is false');
    else if (isNegativeQuantity(size))
      error('spec.job.sharedMemory.size', `Invalid value: "${size}": must be greater than or equal to 0`);
  }
}
