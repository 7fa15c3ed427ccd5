import { readFileSync } from 'fs';
import { join } from 'path';
import { parse } from 'yaml';
import { KubeObject } from '../../src/api/k8s-types';
import { crdManifests } from '../../src/crds';
import { errorLines, specOf, validatorFor } from './schema-tools';

const crdFor = (kind: string): KubeObject => crdManifests().find((c) => specOf(c).names.kind === kind)!;
const fixture = (name: string) => parse(readFileSync(join(__dirname, 'fixtures', name), 'utf8'));
const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value));

/** Validates against the CRD schema of the object's own kind and version; returns the error lines. */
function check(object: Record<string, any>): string[] {
  const version = String(object.apiVersion).split('/')[1];
  const validate = validatorFor(crdFor(object.kind), version);
  return validate(object) ? [] : errorLines(validate);
}

describe('DynamoGraphDeployment v1alpha1', () => {
  const sample = fixture('dgd-disagg.v1alpha1.yaml');

  test('a disaggregated vLLM graph is valid, with no field the API server would prune', () => {
    expect(check(clone(sample))).toEqual([]);
  });

  test('schema defaults apply the way the API server applies them', () => {
    const dgd = clone(sample);
    dgd.spec.services.VllmDecodeWorker.multinode = {};
    dgd.status = {};
    expect(check(dgd)).toEqual([]);
    expect(dgd.spec.services.VllmDecodeWorker.multinode).toEqual({ nodeCount: 2 });
    expect(dgd.status.state).toBe('initializing');
  });

  test('bad values are reported with their paths', () => {
    const dgd = clone(sample);
    dgd.spec.backendFramework = 'tgi';
    dgd.spec.services.Frontend.replicas = -1;
    dgd.spec.services.VllmDecodeWorker.sharedMemory.size = '16 GB';
    dgd.spec.services.VllmDecodeWorker.volumeMounts.push({ mountPoint: '/x' });
    expect(check(dgd)).toEqual(
      expect.arrayContaining([
        '/spec/backendFramework: must be equal to one of the allowed values',
        '/spec/services/Frontend/replicas: must be >= 0',
        '/spec/services/VllmDecodeWorker/sharedMemory/size: must match pattern "^(\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))(([KMGTPE]i)|[numkMGTPE]|([eE](\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))))?$"',
        "/spec/services/VllmDecodeWorker/volumeMounts/1: must have required property 'name'",
      ]),
    );
  });

  test('at most 25 services', () => {
    const dgd = clone(sample);
    for (let i = 0; i < 23; i++) dgd.spec.services[`Extra${i}`] = { componentType: 'worker' };
    expect(check(dgd)).toEqual(['/spec/services: must NOT have more than 25 properties']);
  });

  test('v1beta1 fields are carried too (conversion: None keeps the body), a misspelt field is not', () => {
    const dgd = clone(sample);
    dgd.spec.components = [];
    expect(check(dgd)).toEqual([]);
    dgd.spec.component = [];
    expect(check(dgd)).toEqual(['/spec: must NOT have additional properties']);
  });
});

describe('DynamoGraphDeployment v1beta1', () => {
  const sample = fixture('dgd-disagg.v1beta1.yaml');

  test('a disaggregated vLLM graph is valid, with no field the API server would prune', () => {
    expect(check(clone(sample))).toEqual([]);
  });

  test('quantities accept integers and strings', () => {
    const dgd = clone(sample);
    dgd.spec.components[1].sharedMemorySize = 8589934592;
    expect(check(dgd)).toEqual([]);
  });

  test('component name, type and replicas are checked; name is required', () => {
    const dgd = clone(sample);
    dgd.spec.components[0].name = '-frontend';
    dgd.spec.components[1].type = 'router';
    dgd.spec.components[1].replicas = -2;
    delete dgd.spec.components[2].name;
    expect(check(dgd)).toEqual(
      expect.arrayContaining([
        '/spec/components/0/name: must match pattern "^[A-Za-z0-9]([-A-Za-z0-9]*[A-Za-z0-9])?$"',
        '/spec/components/1/type: must be equal to one of the allowed values',
        '/spec/components/1/replicas: must be >= 0',
        "/spec/components/2: must have required property 'name'",
      ]),
    );
  });

  test('a misspelt component field is one the API server would prune', () => {
    const dgd = clone(sample);
    dgd.spec.components[0].replica = 3;
    expect(check(dgd)).toEqual(['/spec/components/0: must NOT have additional properties']);
  });

  test('at most 25 components', () => {
    const dgd = clone(sample);
    for (let i = 0; i < 23; i++) dgd.spec.components.push({ name: `extra-${i}` });
    expect(check(dgd)).toEqual(['/spec/components: must NOT have more than 25 items']);
  });
});

describe('other kinds', () => {
  test('a scaling adapter in both versions', () => {
    const base = { kind: 'DynamoGraphDeploymentScalingAdapter', metadata: { name: 'a' } };
    expect(
      check({
        ...base,
        apiVersion: 'nvidia.com/v1alpha1',
        spec: { replicas: 2, dgdRef: { name: 'g', serviceName: 'VllmWorker' } },
        status: { replicas: 2, selector: 'a=b', lastScaleTime: '2025-01-01T00:00:00Z' },
      }),
    ).toEqual([]);
    expect(
      check({
        ...base,
        apiVersion: 'nvidia.com/v1beta1',
        spec: { replicas: 2, dgdRef: { name: 'g', serviceName: 'w' } },
      }),
    ).toEqual(["/spec/dgdRef: must have required property 'componentName'"]);
  });

  test('a DynamoModel defaults its type to base', () => {
    const model = {
      apiVersion: 'nvidia.com/v1alpha1',
      kind: 'DynamoModel',
      metadata: { name: 'm' },
      spec: { modelName: 'm', baseModelName: 'Qwen/Qwen3-0.6B', source: { uri: 'hf://org/lora@main' } },
    };
    expect(check(model)).toEqual([]);
    expect(model.spec).toMatchObject({ modelType: 'base' });
  });

  test('a DynamoCheckpoint needs a job pod template and defaults its identity', () => {
    const checkpoint: Record<string, any> = {
      apiVersion: 'nvidia.com/v1alpha1',
      kind: 'DynamoCheckpoint',
      metadata: { name: 'c' },
      spec: {
        identity: { model: 'Qwen/Qwen3-0.6B', backendFramework: 'vllm' },
        job: { podTemplateSpec: { spec: { containers: [{ name: 'main', image: 'img' }] } } },
      },
    };
    expect(check(checkpoint)).toEqual([]);
    expect(checkpoint.spec.identity).toMatchObject({ tensorParallelSize: 1, pipelineParallelSize: 1 });
    expect(checkpoint.spec.job).toMatchObject({ targetContainerName: 'main', activeDeadlineSeconds: 3600 });
    delete checkpoint.spec.job.podTemplateSpec;
    expect(check(checkpoint)).toEqual(["/spec/job: must have required property 'podTemplateSpec'"]);
  });
});
