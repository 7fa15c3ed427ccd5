/**
 * Objects the API server refuses are refused here, and what it takes is taken: extended resources
 * in whole numbers with requests equal to limits, no request above its limit, ports 1-65535,
 * pods of components restart Always; `cpu: 2` unquoted is a quantity.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { CLI_FIXTURES, FIXTURES, lines, ROOT, run } from './run';

const MAIN = 'spec.components[1].podTemplate.spec.containers[0]';
const GPU_LIMIT = '              resources:\n                limits:\n                  nvidia.com/gpu: "1"';

describe('API server rules on components', () => {
  // Made when the cases are listed, before any hook runs.
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'dynamo-iac-apiserver-'));
  afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

  const base = fs.readFileSync(path.join(ROOT, FIXTURES, 'agg-v1beta1.yaml'), 'utf8');
  /** The fixture with the worker's resources replaced; the file's path. */
  const variant = (name: string, replace: string, by: string) => {
    expect(base).toContain(replace);
    const file = path.join(work, `${name}.yaml`);
    fs.writeFileSync(file, base.replace(replace, by));
    return file;
  };
  const resources = (name: string, yaml: string) => variant(name, GPU_LIMIT, `              resources:\n${yaml}`);

  test.each([
    [
      'a fractional GPU',
      resources('gpu-frac', '                limits:\n                  nvidia.com/gpu: "0.5"'),
      `${MAIN}.resources.limits[nvidia.com/gpu]: Invalid value: "0.5": must be an integer`,
    ],
    [
      'GPU requests other than its limit',
      resources(
        'gpu-req',
        '                requests:\n                  nvidia.com/gpu: 1\n                limits:\n                  nvidia.com/gpu: 2',
      ),
      `${MAIN}.resources.requests[nvidia.com/gpu]: Invalid value: "1": must be equal to nvidia.com/gpu limit of 2`,
    ],
    [
      'GPU requests without a limit',
      resources('gpu-nolimit', '                requests:\n                  nvidia.com/gpu: 1'),
      `${MAIN}.resources.requests[nvidia.com/gpu]: Invalid value: "nvidia.com/gpu": Limit must be set for non overcommitable resources`,
    ],
    [
      'a request above its limit',
      resources(
        'cpu-over',
        '                requests:\n                  cpu: 1500m\n                limits:\n                  cpu: 1',
      ),
      `${MAIN}.resources.requests[cpu]: Invalid value: "1500m": must be less than or equal to cpu limit of 1`,
    ],
    [
      'a containerPort of 0',
      resources(
        'port0',
        '                limits:\n                  nvidia.com/gpu: 1\n              ports:\n                - containerPort: 0',
      ),
      `${MAIN}.ports[0].containerPort: Invalid value: 0: must be between 1 and 65535, inclusive`,
    ],
    [
      'restartPolicy Never on a component (a Deployment)',
      variant(
        'never',
        '      replicas: 1\n      podTemplate:\n        spec:\n',
        '      replicas: 1\n      podTemplate:\n        spec:\n          restartPolicy: Never\n',
      ),
      'spec.components[0].podTemplate.spec.restartPolicy: Unsupported value: "Never": supported values: "Always"',
    ],
  ])('%s is refused', (_, file, problem) => {
    const r = run(['validate', file]);
    expect(lines(r.stderr)).toEqual([`${file}: ${problem}`]);
    expect(r.code).toBe(1);
  });

  test('unquoted numbers are quantities, as for the API server', () => {
    const file = resources(
      'numbers',
      '                requests:\n                  cpu: 2\n                  memory: 1e9\n                limits:\n                  cpu: 2.5\n                  nvidia.com/gpu: 1',
    );
    const r = run(['render', file]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('cpu: "2"');
    expect(r.stdout).toContain('cpu: "2.5"');
  });

  const checkpoint = fs.readFileSync(path.join(ROOT, CLI_FIXTURES, 'checkpoint-graph.yaml'), 'utf8');
  test('a DynamoCheckpoint job pod template is checked as the API server checks a Job template', () => {
    const file = path.join(work, 'checkpoint.yaml');
    const job = '            command: [python3, -m, dynamo.vllm]\n';
    expect(checkpoint).toContain(job);
    fs.writeFileSync(
      file,
      checkpoint.replace(
        job,
        `${job}            ports: [{containerPort: "http"}]\n            imagePullPolicy: Sometimes\n`,
      ),
    );
    // DynamoCheckpoint is a Dynamo 1.6 kind.
    const r = run(['validate', '--dynamo-version', '1.6', file]);
    expect(r.code).toBe(1);
    expect(lines(r.stderr)).toEqual([
      `${file} (document 1, DynamoCheckpoint llama, line 1): spec.job.podTemplateSpec.spec.containers[0].imagePullPolicy: Unsupported value: "Sometimes": supported values: "Always", "IfNotPresent", "Never"`,
      `${file} (document 1, DynamoCheckpoint llama, line 1): spec.job.podTemplateSpec.spec.containers[0].ports[0].containerPort: must be an integer`,
      // The graph that refers to it cannot use a checkpoint that is not valid.
      expect.stringContaining('checkpointRef: DynamoCheckpoint "inference/llama" not found'),
    ]);
  });

  test('a PVC name and an ingress host must be DNS names', () => {
    const alpha = fs.readFileSync(path.join(ROOT, FIXTURES, 'agg-v1alpha1.yaml'), 'utf8');
    const file = path.join(work, 'names.yaml');
    const frontend = '      componentType: frontend\n';
    expect(alpha).toContain(frontend);
    fs.writeFileSync(
      file,
      alpha
        .replace(frontend, `${frontend}      ingress:\n        enabled: true\n        host: My_Host\n`)
        .replace('spec:\n  backendFramework', 'spec:\n  pvcs:\n    - name: Model_Cache\n  backendFramework'),
    );
    const r = run(['validate', file]);
    expect(r.code).toBe(1);
    expect(lines(r.stderr)).toEqual([
      expect.stringMatching(/spec\.pvcs\[0\]\.name: Invalid value: "Model_Cache": a lowercase RFC 1123 subdomain/),
      expect.stringMatching(
        /spec\.services\[Frontend\]\.ingress\.host: Invalid value: "My_Host\.local": a lowercase RFC 1123 subdomain/,
      ),
    ]);
  });
});
