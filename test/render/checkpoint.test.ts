import type { ValidatedGraph } from '../../src/api/validated-graph';
import { loadGraph, resolveSettings, ValidationError } from '../../src/api';

/** DynamoCheckpoint is a Dynamo 1.6 kind. */
const DYNAMO_1_6 = { dynamoVersion: '1.6' } as const;
import { loadCheckpoint } from '../../src/kinds/checkpoint/load';
import { buildCheckpointJob, renderCheckpointRecord, renderGraph } from '../../src/render';
import { findRendered } from './helpers';

const IMAGE = 'nvcr.io/nvidia/ai-dynamo/vllm-runtime:0.6.1';
const ID = '96429b2725761a09'; // meta-llama/Llama-2-7b-hf + vllm

const checkpoint = (over: { annotations?: Record<string, string>; job?: object } = {}) =>
  loadCheckpoint({
    apiVersion: 'nvidia.com/v1alpha1',
    kind: 'DynamoCheckpoint',
    metadata: { name: 'llama', namespace: 'inference', ...(over.annotations ? { annotations: over.annotations } : {}) },
    spec: {
      identity: { model: 'meta-llama/Llama-2-7b-hf', backendFramework: 'vllm' },
      job: over.job ?? {
        podTemplateSpec: {
          metadata: { labels: { team: 'a' } },
          spec: {
            containers: [
              {
                name: 'main',
                image: IMAGE,
                command: ['python3', '-m', 'dynamo.vllm'],
                livenessProbe: { httpGet: { path: '/live', port: 9090 } },
                startupProbe: { httpGet: { path: '/live', port: 9090 } },
                resources: { limits: { 'nvidia.com/gpu': '1' } },
              },
            ],
          },
        },
      },
    },
  }).model!;

const graph = (ref = 'llama') =>
  loadGraph({
    apiVersion: 'nvidia.com/v1beta1',
    kind: 'DynamoGraphDeployment',
    metadata: { name: 'g', namespace: 'inference' },
    spec: {
      components: [
        { name: 'Frontend', type: 'frontend', podTemplate: { spec: { containers: [{ name: 'main', image: IMAGE }] } } },
        {
          name: 'worker',
          type: 'worker',
          podTemplate: {
            spec: { containers: [{ name: 'main', image: IMAGE, command: ['python3', '-m', 'dynamo.vllm'] }] },
          },
          experimental: { checkpoint: { enabled: true, checkpointRef: ref } },
        },
      ],
    },
  }).model!;

describe('restore wiring', () => {
  const objects = renderGraph(graph() as ValidatedGraph, resolveSettings(DYNAMO_1_6), { checkpoints: [checkpoint()] });
  const template = (name: string): any => findRendered(objects, 'Deployment', name).spec.template;

  test('pods of the referencing component get labels, annotations, PVC mount, env and seccomp', () => {
    const t = template('g-worker');
    expect(t.metadata.labels).toMatchObject({
      'nvidia.com/snapshot-is-restore-target': 'true',
      'nvidia.com/snapshot-checkpoint-id': ID,
    });
    expect(t.metadata.annotations).toEqual({
      'nvidia.com/snapshot-artifact-version': '1',
      'nvidia.com/snapshot-storage-type': 'pvc',
      'nvidia.com/snapshot-storage-base-path': '/checkpoints',
      'nvidia.com/snapshot-target-containers': 'main',
    });
    expect(t.spec.volumes).toContainEqual({
      name: 'checkpoint-storage',
      persistentVolumeClaim: { claimName: 'snapshot-pvc' },
    });
    expect(t.spec.securityContext).toEqual({
      fsGroup: 1000,
      seccompProfile: { type: 'Localhost', localhostProfile: 'profiles/block-iouring.json' },
    });
    const main = t.spec.containers.find((c: any) => c.name === 'main');
    expect(main.volumeMounts).toContainEqual({ name: 'checkpoint-storage', mountPath: '/checkpoints' });
    expect(main.env).toEqual(
      expect.arrayContaining([
        { name: 'DYN_CHECKPOINT_PATH', value: '/checkpoints' },
        { name: 'DYN_CHECKPOINT_HASH', value: ID },
      ]),
    );
    // Only checkpoint Job pods enter checkpoint mode.
    expect(main.env.map((e: any) => e.name)).not.toContain('DYN_READY_FOR_CHECKPOINT_FILE');
  });

  test('other components are untouched, and the output is deterministic', () => {
    expect(JSON.stringify(template('g-frontend'))).not.toContain('snapshot');
    expect(
      renderGraph(graph() as ValidatedGraph, resolveSettings(DYNAMO_1_6), { checkpoints: [checkpoint()] }),
    ).toEqual(objects);
  });

  test('storage settings move the mount and the PVC', () => {
    const objects = renderGraph(
      graph() as ValidatedGraph,
      resolveSettings({ ...DYNAMO_1_6, checkpointStorage: { pvcName: 'ckpt', basePath: '/data/ckpt/' } }),
      { checkpoints: [checkpoint()] },
    );
    const t: any = findRendered(objects, 'Deployment', 'g-worker').spec.template;
    expect(t.spec.volumes).toContainEqual({ name: 'checkpoint-storage', persistentVolumeClaim: { claimName: 'ckpt' } });
    expect(t.metadata.annotations['nvidia.com/snapshot-storage-base-path']).toBe('/data/ckpt');
  });

  test('a dangling reference is a ValidationError with the field path', () => {
    expect(() =>
      renderGraph(graph('missing') as ValidatedGraph, resolveSettings(DYNAMO_1_6), { checkpoints: [checkpoint()] }),
    ).toThrow(ValidationError);
    expect(() => renderGraph(graph('missing') as ValidatedGraph, resolveSettings(DYNAMO_1_6))).toThrow(
      'spec.components[1].experimental.checkpoint.checkpointRef: DynamoCheckpoint "inference/missing" not found',
    );
  });
});

describe('checkpoint Job', () => {
  test('name, TTL, single attempt, deadline, labels and artifact path', () => {
    const job: any = buildCheckpointJob(
      checkpoint({ annotations: { 'nvidia.com/snapshot-artifact-version': '2' } }),
      resolveSettings(DYNAMO_1_6).checkpointStorage,
    );
    expect(job.metadata).toEqual({
      name: `checkpoint-job-${ID}-2`,
      namespace: 'inference',
      labels: { 'nvidia.com/snapshot-checkpoint-id': ID },
    });
    expect(job.spec).toMatchObject({ activeDeadlineSeconds: 3600, backoffLimit: 0, ttlSecondsAfterFinished: 300 });
    const t = job.spec.template;
    expect(t.metadata.labels).toEqual({
      team: 'a',
      'nvidia.com/snapshot-is-checkpoint-source': 'true',
      'nvidia.com/snapshot-checkpoint-id': ID,
    });
    expect(t.metadata.annotations['nvidia.com/snapshot-artifact-version']).toBe('2');
    expect(t.spec.restartPolicy).toBe('Never');
    const main = t.spec.containers[0];
    expect(main.env).toEqual([
      { name: 'DYN_READY_FOR_CHECKPOINT_FILE', value: '/tmp/ready-for-checkpoint' },
      { name: 'DYN_CHECKPOINT_STORAGE_TYPE', value: 'pvc' },
      { name: 'DYN_CHECKPOINT_PATH', value: '/checkpoints' },
      { name: 'DYN_CHECKPOINT_HASH', value: ID },
      { name: 'DYN_CHECKPOINT_LOCATION', value: `/checkpoints/${ID}/versions/2` },
    ]);
    expect(main.readinessProbe).toEqual({
      exec: { command: ['cat', '/tmp/ready-for-checkpoint'] },
      initialDelaySeconds: 15,
      periodSeconds: 2,
    });
    expect(main.livenessProbe).toBeUndefined();
    expect(main.startupProbe).toBeUndefined();
    expect(main.command).toEqual(['python3', '-m', 'dynamo.vllm']);
    expect(main.volumeMounts).toEqual([
      { name: 'checkpoint-storage', mountPath: '/checkpoints' },
      { name: 'shared-memory', mountPath: '/dev/shm' },
    ]);
    expect(t.spec.volumes).toEqual([
      { name: 'checkpoint-storage', persistentVolumeClaim: { claimName: 'snapshot-pvc' } },
      { name: 'shared-memory', emptyDir: { medium: 'Memory', sizeLimit: '8Gi' } },
    ]);
  });

  test('multi-GPU engines run under cuda-checkpoint; the owner is referenced', () => {
    const c = checkpoint({
      job: {
        activeDeadlineSeconds: 600,
        sharedMemory: { disabled: true },
        podTemplateSpec: {
          spec: {
            containers: [
              { name: 'main', image: IMAGE, command: ['python3'], resources: { limits: { 'nvidia.com/gpu': '2' } } },
            ],
          },
        },
      },
    });
    const job: any = buildCheckpointJob(c, resolveSettings(DYNAMO_1_6).checkpointStorage, {
      owner: { apiVersion: 'nvidia.com/v1alpha1', kind: 'DynamoCheckpoint', name: 'llama', uid: 'u1' },
    });
    expect(job.spec.template.spec.containers[0].command).toEqual(['cuda-checkpoint', '--launch-job', 'python3']);
    expect(job.spec.activeDeadlineSeconds).toBe(600);
    expect(job.spec.template.spec.volumes.map((v: any) => v.name)).toEqual(['checkpoint-storage']);
    expect(job.metadata.ownerReferences).toEqual([
      {
        apiVersion: 'nvidia.com/v1alpha1',
        kind: 'DynamoCheckpoint',
        name: 'llama',
        uid: 'u1',
        controller: true,
        blockOwnerDeletion: true,
      },
    ]);
  });

  test('the builder does not change its input', () => {
    const c = checkpoint();
    const before = JSON.stringify(c);
    buildCheckpointJob(c, resolveSettings(DYNAMO_1_6).checkpointStorage);
    expect(JSON.stringify(c)).toBe(before);
  });

  test('the record is the manifest in its namespace, without status', () => {
    const c = loadCheckpoint(
      {
        apiVersion: 'nvidia.com/v1alpha1',
        kind: 'DynamoCheckpoint',
        metadata: { name: 'x' },
        spec: {
          identity: { model: 'm', backendFramework: 'vllm' },
          job: { podTemplateSpec: { spec: { containers: [{ name: 'main', image: IMAGE }] } } },
        },
        status: { phase: 'Ready' },
      },
      { defaultNamespace: 'ns' },
    ).model!;
    expect(renderCheckpointRecord(c)).toEqual({
      apiVersion: 'nvidia.com/v1alpha1',
      kind: 'DynamoCheckpoint',
      metadata: { name: 'x', namespace: 'ns' },
      spec: c.source.spec,
    });
  });
});
