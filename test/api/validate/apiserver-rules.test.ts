/**
 * The API server's rules on what users pass through (issue 39): list-map keys and port names unique
 * per container, user and group IDs of security contexts, Secret and ConfigMap names in every
 * reference, `metadata` typed and closed, and v1beta1 `scalingAdapter` closed. Each case is one
 * problem line with the field path, in the server's words; the API-server fuzz
 * (test/cluster/fuzz-apiserver.test.ts) holds them to the server's answers.
 */
import { resolveSettings } from '../../../src/api';
import { problemLine } from '../../../src/api/problems';
import { renderModelManifest, renderCheckpointManifest, renderManifest } from '../../../src/pipeline/render-manifest';
import { fixtureDoc } from '../fixtures';

const SETTINGS = resolveSettings({});
const MAIN = 'spec.components[1].podTemplate.spec.containers[0]';
const POD = 'spec.components[1].podTemplate.spec';
const DNS_SUBDOMAIN =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";

/** The agg v1beta1 fixture changed by `edit`; its problem lines (warnings marked). */
function linesOf(edit: (doc: any, main: any, pod: any) => void): string[] {
  const doc = fixtureDoc('agg-v1beta1.yaml');
  const pod = doc.spec.components[1].podTemplate.spec;
  edit(doc, pod.containers[0], pod);
  return renderManifest(doc, SETTINGS).problems.map((p) => problemLine(p));
}

describe('the API server rules on pass-through pod content', () => {
  test.each<[string, (doc: any, main: any, pod: any) => void, string[]]>([
    [
      'two ports named http in one container',
      (_, main) => {
        main.ports = [
          { name: 'http', containerPort: 8000 },
          { name: 'http', containerPort: 8001 },
        ];
      },
      [`${MAIN}.ports[1].name: Duplicate value: "http"`],
    ],
    [
      'two ports of one number, one with the default protocol',
      (_, main) => {
        main.ports = [{ containerPort: 8000 }, { containerPort: 8000, protocol: 'TCP' }];
      },
      [`${MAIN}.ports: duplicate entries for key [containerPort=8000,protocol="TCP"]`],
    ],
    [
      'two env vars of one name',
      (_, main) => {
        main.env = [
          { name: 'A', value: '1' },
          { name: 'A', value: '2' },
        ];
      },
      [`${MAIN}.env: duplicate entries for key [name="A"]`],
    ],
    [
      'runAsUser -1 in a container',
      (_, main) => {
        main.securityContext = { runAsUser: -1, runAsGroup: 2147483648 };
      },
      [
        `${MAIN}.securityContext.runAsUser: Invalid value: -1: must be between 0 and 2147483647, inclusive`,
        `${MAIN}.securityContext.runAsGroup: Invalid value: 2147483648: must be between 0 and 2147483647, inclusive`,
      ],
    ],
    [
      'negative IDs in the pod security context',
      (_, __, pod) => {
        pod.securityContext = { runAsUser: 0, fsGroup: -5, supplementalGroups: [1, -2] };
      },
      [
        `${POD}.securityContext.fsGroup: Invalid value: -5: must be between 0 and 2147483647, inclusive`,
        `${POD}.securityContext.supplementalGroups[1]: Invalid value: -2: must be between 0 and 2147483647, inclusive`,
      ],
    ],
    [
      'an envFrom secretRef named other-ns/hf token',
      (_, main) => {
        main.envFrom = [{ secretRef: { name: 'other-ns/hf token' } }];
      },
      [`${MAIN}.envFrom[0].secretRef.name: Invalid value: "other-ns/hf token": ${DNS_SUBDOMAIN}`],
    ],
    [
      'an envFrom with neither reference, or with a prefix holding =',
      (_, main) => {
        main.envFrom = [{}, { prefix: 'A=', configMapRef: { name: 'cm-' } }];
      },
      [
        `${MAIN}.envFrom[0]: Invalid value: "": must specify one of: \`configMapRef\` or \`secretRef\``,
        `${MAIN}.envFrom[1].prefix: Invalid value: "A=": a valid environment variable name must consist only of printable ASCII characters other than '='`,
      ],
    ],
    [
      'env valueFrom naming an invalid Secret and key',
      (_, main) => {
        main.env = [
          { name: 'T', valueFrom: { secretKeyRef: { name: 'hf token', key: 'a/b' } } },
          { name: 'U', valueFrom: { configMapKeyRef: { name: '', key: '..x' } } },
        ];
      },
      [
        `${MAIN}.env[0].valueFrom.secretKeyRef.name: Invalid value: "hf token": ${DNS_SUBDOMAIN}`,
        `${MAIN}.env[0].valueFrom.secretKeyRef.key: Invalid value: "a/b": a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')`,
        `${MAIN}.env[1].valueFrom.configMapKeyRef.name: Invalid value: "": ${DNS_SUBDOMAIN}`,
        `${MAIN}.env[1].valueFrom.configMapKeyRef.key: Invalid value: "..x": must not start with '..'`,
      ],
    ],
    [
      'a volume and a pull secret naming a Secret no object can have (the server takes both: warnings)',
      (_, __, pod) => {
        pod.volumes = [{ name: 'creds', secret: { secretName: 'Hf_Token' } }];
        pod.imagePullSecrets = [{ name: 'Reg Cred' }];
      },
      [
        `${POD}.imagePullSecrets[0].name: warning: "Reg Cred" cannot name a Secret (the API server takes it; no Secret can exist by that name): ${DNS_SUBDOMAIN}`,
        `${POD}.volumes[0].secret.secretName: warning: "Hf_Token" cannot name a Secret (the API server takes it; no Secret can exist by that name): ${DNS_SUBDOMAIN}`,
      ],
    ],
    [
      'metadata.uid 123 and an unknown metadata field',
      (doc) => {
        doc.metadata.uid = 123;
        doc.metadata.bogus = 'x';
      },
      ['metadata.bogus: unknown field "bogus"', 'metadata.uid: must be a string (quote it: "123")'],
    ],
    [
      'unknown fields in scalingAdapter',
      (doc) => {
        doc.spec.components[1].scalingAdapter = { minReplicas: 2 };
      },
      [
        'spec.components[1].replicas: warning: is left to the scaling adapter (scalingAdapter is set): the rendered workload carries no replicas; the runtime operator sets them from the DynamoGraphDeploymentScalingAdapter, which starts at 1',
        'spec.components[1].scalingAdapter.minReplicas: unknown field "minReplicas"',
      ],
    ],
  ])('%s', (_, edit, expected) => {
    expect(linesOf(edit).sort()).toEqual([...expected].sort());
  });

  test('what the server takes is taken: distinct port names and protocols, IDs 0 and 2^31-1, an envFrom name ending in -', () => {
    const lines = linesOf((doc, main, pod) => {
      doc.metadata.uid = 'abc';
      doc.metadata.ownerReferences = [{ apiVersion: 'v1', kind: 'ConfigMap', name: 'owner', uid: 'u' }];
      main.ports = [
        { name: 'http', containerPort: 8000 },
        { name: 'dns', containerPort: 8000, protocol: 'UDP' },
      ];
      main.securityContext = { runAsUser: 0, runAsGroup: 2147483647 };
      main.envFrom = [{ configMapRef: { name: 'settings-' } }];
      main.env = [{ name: 'T', valueFrom: { secretKeyRef: { name: 'hf-token', key: '.token' } } }];
      pod.securityContext = { fsGroup: 0, supplementalGroups: [0] };
      pod.volumes = [{ name: 'creds', secret: { secretName: 'hf-token' } }];
    });
    expect(lines).toEqual([]);
  });
});

describe('metadata of checkpoints and models, as the cdk8s and Pulumi front ends load them', () => {
  const IMAGE = 'nvcr.io/nvidia/ai-dynamo/vllm-runtime:0.6.1';
  const meta = { name: 'x', uid: 123, bogus: 'y' };
  const expected = ['metadata.bogus: unknown field "bogus"', 'metadata.uid: must be a string (quote it: "123")'];

  test('a DynamoCheckpoint (renderCheckpointManifest): ObjectMeta typed and closed', () => {
    const checkpoint = {
      apiVersion: 'nvidia.com/v1alpha1',
      kind: 'DynamoCheckpoint',
      metadata: meta,
      spec: {
        identity: { model: 'm', backendFramework: 'vllm' },
        job: { podTemplateSpec: { spec: { containers: [{ name: 'main', image: IMAGE }] } } },
      },
    };
    expect(
      renderCheckpointManifest(checkpoint)
        .problems.map((p) => problemLine(p))
        .sort(),
    ).toEqual(expected);
  });

  test('a DynamoModel (renderModelManifest): ObjectMeta typed and closed', () => {
    const model = {
      apiVersion: 'nvidia.com/v1alpha1',
      kind: 'DynamoModel',
      metadata: meta,
      spec: { modelName: 'lora', baseModelName: 'Qwen/Qwen3-0.6B', modelType: 'lora', source: { uri: 's3://b/k' } },
    };
    expect(
      renderModelManifest(model)
        .problems.map((p) => problemLine(p))
        .sort(),
    ).toEqual(expected);
  });

  test("a checkpoint Job template's warning stays a warning", () => {
    const checkpoint = {
      apiVersion: 'nvidia.com/v1alpha1',
      kind: 'DynamoCheckpoint',
      metadata: { name: 'x' },
      spec: {
        identity: { model: 'm', backendFramework: 'vllm' },
        job: {
          podTemplateSpec: {
            spec: { containers: [{ name: 'main', image: IMAGE }], imagePullSecrets: [{ name: 'Reg Cred' }] },
          },
        },
      },
    };
    const problems = renderCheckpointManifest(checkpoint).problems;
    expect(problems.map((p) => [p.path, p.severity])).toEqual([
      ['spec.job.podTemplateSpec.spec.imagePullSecrets[0].name', 'warning'],
    ]);
  });
});
