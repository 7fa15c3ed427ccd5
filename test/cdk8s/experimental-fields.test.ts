/**
 * Issue 19's fields through the cdk8s constructs: typed props render what the render core
 * renders (the GMS ResourceClaimTemplate), a refused field fails synth with the construct path
 * and its field path, and a warned field is recorded on the construct with its field path.
 */
import { App, Chart, Testing } from 'cdk8s';
import { DynamoGraphDeployment, DynamoGraphDeploymentProps } from '../../src';
import { findRendered } from '../render/helpers';

const IMAGE = 'nvcr.io/nvidia/ai-dynamo/vllm-runtime:0.6.1';
const worker = {
  name: 'VllmWorker',
  type: 'worker' as const,
  podTemplate: {
    spec: {
      containers: [
        {
          name: 'main',
          image: IMAGE,
          command: ['python3'],
          args: ['-m', 'dynamo.vllm', '--model', 'Qwen/Qwen3-0.6B'],
          resources: { limits: { 'nvidia.com/gpu': '1' } },
        },
      ],
    },
  },
};

function synthMessage(app: App): string {
  try {
    app.synth();
    return '';
  } catch (e) {
    return (e as Error).message;
  }
}

test('typed experimental.gpuMemoryService renders the claim template and the wiring', () => {
  const chart = new Chart(Testing.app(), 'c', { namespace: 'ml' });
  new DynamoGraphDeployment(chart, 'demo', {
    spec: { components: [{ ...worker, experimental: { gpuMemoryService: { deviceClassName: 'gpu.nvidia.com' } } }] },
  });
  const objects = Testing.synth(chart);
  // The claim template belongs to the worker generation: `<graph>-<component>-<hash>-gpu`.
  expect(findRendered(objects, 'ResourceClaimTemplate', 'demo-vllmworker-gpu')).toBeDefined();
  const pod = objects.find((o: any) => o.kind === 'Deployment').spec.template.spec;
  expect(pod.initContainers.map((c: any) => c.name)).toEqual(['gms-server']);
});

test('a refused field fails synth with the construct path and the field path', () => {
  const app = Testing.app();
  const chart = new Chart(app, 'c');
  const props: DynamoGraphDeploymentProps = {
    spec: { priorityClassName: 'high', components: [{ ...worker, dynamoSidecar: 'runtime', minAvailable: 1 }] },
  };
  new DynamoGraphDeployment(chart, 'demo', props);
  const message = synthMessage(app);
  expect(message).toContain('c/demo');
  expect(message).toMatch(/spec\.priorityClassName: requires the Grove pathway/);
  expect(message).toMatch(/spec\.components\[0\]\.dynamoSidecar: is not rendered by dynamo-iac/);
  expect(message).toMatch(
    /spec\.components\[0\]\.minAvailable: is currently supported only for Grove-backed DynamoGraphDeployment components/,
  );
});

test('a warned field is recorded on the construct with its field path', () => {
  const chart = new Chart(Testing.app(), 'c');
  const g = new DynamoGraphDeployment(chart, 'demo', {
    spec: { components: [{ ...worker, runtimeVersionOverride: '1.3.0' }] },
  });
  // Printed at synth too, as cdk8s synth shows it: captured here, and checked.
  const stderr = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
  try {
    Testing.synth(chart);
    expect(stderr.mock.calls.map((c) => String(c[0]))).toEqual([
      expect.stringMatching(/^\[c\/demo\] spec\.components\[0\]\.runtimeVersionOverride: warning: is not used/),
    ]);
  } finally {
    stderr.mockRestore();
  }
  const warnings = g.node.metadata.filter((m) => m.type === 'dynamo-iac:warning').map((m) => m.data as string);
  expect(warnings).toEqual([expect.stringMatching(/^spec\.components\[0\]\.runtimeVersionOverride: is not used/)]);
});
