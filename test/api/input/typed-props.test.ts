/**
 * Typed pod content: the props' containers, pod specs, probes and env are kubernetes-models'
 * core/v1 types, so a misspelt or mistyped field fails type-checking (`npm test` type-checks this
 * file: each `@ts-expect-error` below fails the run if its line stops being an error), and what
 * users could pass before (any core/v1 field, `as const` lists, Pulumi Inputs for strings) still
 * compiles. Synth keeps catching the same mistakes at run time, for manifests and for users
 * without type-checking.
 */
import { readFileSync } from 'fs';
import * as pulumi from '@pulumi/pulumi';
import { Chart, Testing } from 'cdk8s';
import * as ts from 'typescript';
import {
  ContainerInput,
  DynamoCheckpointSpec,
  DynamoGraphDeployment,
  DynamoGraphDeploymentSpec,
  DynamoGraphDeploymentSpecV1alpha1,
  PodSpecInput,
} from '../../../src';
import { CORE_V1_FIELDS } from '../../../src/api/generated/core-v1-fields';
import type { DynamoGraphArgs } from '../../../src/pulumi';
import { CORE_V1_TYPES_FILE, coreV1TypesSource } from '../../../scripts/core-v1-types';

const IMAGE = 'nvcr.io/nvidia/ai-dynamo/vllm-runtime:0.6.1';
const graph = (main: ContainerInput, pod: Omit<PodSpecInput, 'containers'> = {}): DynamoGraphDeploymentSpec => ({
  components: [
    {
      name: 'Frontend',
      type: 'frontend',
      podTemplate: { spec: { ...pod, containers: [{ name: 'main', image: IMAGE, ...main }] } },
    },
  ],
});

/** Synth problems of a graph, as `cdk8s synth` reports them. */
function synthProblems(spec: DynamoGraphDeploymentSpec): string {
  const app = Testing.app();
  new DynamoGraphDeployment(new Chart(app, 'c'), 'g', { spec });
  try {
    app.synth();
    return '';
  } catch (e) {
    return (e as Error).message;
  }
}

describe('the editor flags what synth would refuse', () => {
  test('a misspelt container field', () => {
    // @ts-expect-error `imagePulPolicy` is not a Container field
    const spec = graph({ imagePulPolicy: 'Always' });
    expect(synthProblems(spec)).toContain(
      'spec.components[0].podTemplate.spec.containers[0].imagePulPolicy: unknown field "imagePulPolicy"',
    );
  });

  test('a value outside an enum, a string where a number goes, a misspelt probe and pod field', () => {
    // @ts-expect-error not one of Always, IfNotPresent, Never
    expect(synthProblems(graph({ imagePullPolicy: 'Sometimes' }))).toContain(
      'imagePullPolicy: Unsupported value: "Sometimes"',
    );
    // @ts-expect-error containerPort is a number
    expect(synthProblems(graph({ ports: [{ containerPort: '8000' }] }))).toContain(
      'ports[0].containerPort: must be an integer',
    );
    // @ts-expect-error `paht` is not an HTTPGetAction field
    expect(synthProblems(graph({ livenessProbe: { httpGet: { port: 8000, paht: '/health' } } }))).toContain(
      'livenessProbe.httpGet.paht: unknown field "paht"',
    );
    // @ts-expect-error `nodeSelectr` is not a PodSpec field
    expect(synthProblems(graph({}, { nodeSelectr: { pool: 'gpu' } }))).toContain(
      'podTemplate.spec.nodeSelectr: unknown field "nodeSelectr"',
    );
    // @ts-expect-error env values are strings
    expect(synthProblems(graph({ env: [{ name: 'N', value: 1 }] }))).toContain('env[0].value: must be a string');
  });

  test('v1alpha1 extraPodSpec, its mainContainer and a checkpoint job pod are typed the same way', () => {
    const alpha: DynamoGraphDeploymentSpecV1alpha1 = {
      services: {
        // @ts-expect-error `cmd` is not a Container field
        Frontend: { componentType: 'frontend', extraPodSpec: { mainContainer: { image: IMAGE, cmd: ['x'] } } },
        // @ts-expect-error `tolerations` is a list
        Worker: { componentType: 'worker', extraPodSpec: { tolerations: { key: 'gpu' } } },
      },
    };
    const checkpoint: DynamoCheckpointSpec = {
      identity: { model: 'Qwen/Qwen3-0.6B', backendFramework: 'vllm' },
      // @ts-expect-error `imagePulPolicy` is not a Container field
      job: { podTemplateSpec: { spec: { containers: [{ name: 'main', image: IMAGE, imagePulPolicy: 'Always' }] } } },
    };
    expect([alpha, checkpoint]).toHaveLength(2);
  });

  test('the Pulumi props too, with Inputs where strings go', () => {
    const args: DynamoGraphArgs = {
      spec: {
        components: [
          {
            name: 'Frontend',
            type: 'frontend',
            podTemplate: {
              spec: {
                containers: [
                  // @ts-expect-error `imagePulPolicy` is not a Container field
                  { name: 'main', image: pulumi.output(IMAGE), imagePulPolicy: 'Always' },
                ],
              },
            },
          },
        ],
      },
    };
    expect(args.spec.components).toHaveLength(1);
  });
});

describe('what users could pass before still compiles', () => {
  test('any core/v1 container and pod field, readonly lists, string quantities', () => {
    const command = ['python3', '-m', 'dynamo.vllm'] as const;
    const spec = graph(
      {
        command,
        args: ['--model', 'Qwen/Qwen3-0.6B'],
        imagePullPolicy: 'IfNotPresent',
        resources: {
          limits: { 'nvidia.com/gpu': '1', memory: '16Gi' },
          requests: { cpu: '2' },
          claims: [{ name: 'gpu' }],
        },
        ports: [{ name: 'http', containerPort: 8000, protocol: 'TCP' }],
        readinessProbe: { httpGet: { path: '/health', port: 'http' }, periodSeconds: 10 },
        securityContext: { runAsNonRoot: true, capabilities: { drop: ['ALL'] } },
        env: [{ name: 'POD_IP', valueFrom: { fieldRef: { fieldPath: 'status.podIP' } } }],
        volumeMounts: [{ name: 'cache', mountPath: '/cache' }],
      },
      {
        volumes: [{ name: 'cache', emptyDir: { sizeLimit: '10Gi' } }],
        tolerations: [{ key: 'nvidia.com/gpu', operator: 'Exists', effect: 'NoSchedule' }],
        nodeSelector: { 'nvidia.com/gpu.present': 'true' },
        initContainers: [{ name: 'fetch', image: IMAGE }],
        priorityClassName: 'inference',
      },
    );
    expect(synthProblems(spec)).toBe('');
  });

  test('the Pulumi props take Inputs for strings inside pod content', () => {
    const args: DynamoGraphArgs = {
      spec: {
        components: [
          {
            name: 'Frontend',
            type: 'frontend',
            podTemplate: {
              spec: {
                containers: [
                  { name: 'main', image: pulumi.output(IMAGE), env: [{ name: 'A', value: pulumi.output('b') }] },
                ],
              },
            },
          },
        ],
      },
    };
    expect(args.spec.components[0].name).toBe('Frontend');
  });

  test('every field the API server declares in pod content is in the typed props', () => {
    const file = ts.createSourceFile(
      CORE_V1_TYPES_FILE,
      readFileSync(CORE_V1_TYPES_FILE, 'utf8'),
      ts.ScriptTarget.Latest,
    );
    const members = new Map(
      file.statements
        .filter(ts.isInterfaceDeclaration)
        .map((i) => [
          i.name.text,
          new Set(
            i.members.map((m) =>
              m.name && (ts.isIdentifier(m.name) || ts.isStringLiteral(m.name)) ? m.name.text : '',
            ),
          ),
        ]),
    );
    // A pod template's metadata is typed as Dynamo reads it (labels and annotations), as before.
    const missing = Object.entries(CORE_V1_FIELDS)
      .filter(([type]) => type !== 'PodTemplateSpec')
      .flatMap(([type, fields]) => {
        const declared = members.get(type);
        return declared
          ? Object.keys(fields)
              .filter((f) => !declared.has(f))
              .map((f) => `${type}.${f}`)
          : [`${type} (no type)`];
      });
    expect(missing).toEqual([]);
  });
});

test('src/api/generated/core-v1-types.ts is what `npm run core-v1-types` generates from the installed kubernetes-models', () => {
  expect(readFileSync(CORE_V1_TYPES_FILE, 'utf8')).toBe(coreV1TypesSource());
});
