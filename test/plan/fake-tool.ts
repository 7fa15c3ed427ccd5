/**
 * A fake search tool for unit tests: a cache directory holding a "ready" venv whose
 * aiconfigurator is a shell script (test/fixtures/aiconfigurator/fake-aiconfigurator.sh) that
 * writes the saved results of a real search. The real tool runs in test/plan-e2e.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

export const AIC_FIXTURES = path.join(__dirname, '..', 'fixtures', 'aiconfigurator');

export type FakeMode = 'ok' | 'unachievable' | 'crash' | 'unknown-model';

export interface FakeTool {
  readonly env: NodeJS.ProcessEnv;
  /** The arguments of every run of the tool, one line each. */
  calls(): string[];
  readonly dir: string;
}

export function fakeTool(mode: FakeMode = 'ok'): FakeTool {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dynamo-iac-fake-aic-'));
  const venv = path.join(dir, 'cache', 'aiconfigurator-0.12.0');
  fs.mkdirSync(path.join(venv, 'bin'), { recursive: true });
  fs.copyFileSync(path.join(AIC_FIXTURES, 'fake-aiconfigurator.sh'), path.join(venv, 'bin', 'aiconfigurator'));
  fs.chmodSync(path.join(venv, 'bin', 'aiconfigurator'), 0o755);
  fs.writeFileSync(path.join(venv, '.dynamo-iac-ready'), '{}\n');
  const log = path.join(dir, 'calls.log');
  return {
    dir,
    env: {
      ...process.env,
      DYNAMO_IAC_CACHE_DIR: path.join(dir, 'cache'),
      FAKE_AIC_MODE: mode,
      FAKE_AIC_RESULTS: path.join(AIC_FIXTURES, 'qwen3-32b-h200'),
      FAKE_AIC_LOG: log,
    },
    calls: () =>
      fs.existsSync(log)
        ? fs
            .readFileSync(log, 'utf8')
            .split('\n')
            .filter((l) => l)
        : [],
  };
}

/** A scratch directory with the given files (relative path → text). */
export function workdir(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dynamo-iac-plan-'));
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

/** Every file under `dir`, relative, sorted, with its text. */
export function tree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else out[path.relative(dir, p)] = fs.readFileSync(p, 'utf8');
    }
  };
  walk(dir);
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => a.localeCompare(b)));
}

export const QWEN_REQUEST = `apiVersion: nvidia.com/v1beta1
kind: DynamoGraphDeploymentRequest
metadata:
  name: qwen3-32b
  namespace: inference
spec:
  model: Qwen/Qwen3-32B
  backend: vllm
  image: nvcr.io/nvidia/ai-dynamo/vllm-runtime:1.3.1
  hardware:
    gpuSku: h200_sxm
    totalGpus: 8
  workload:
    isl: 4000
    osl: 500
  sla:
    ttft: 600
    itl: 20
`;
