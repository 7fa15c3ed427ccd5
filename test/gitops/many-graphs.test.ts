/**
 * The GitOps writer with 3,000 graphs in one tree (issue 25: it overflowed the stack): `gitops -o`
 * in-process, through the real pipeline, layout and writer; every graph's directory is there with
 * its kustomization and files, and a second run changes nothing.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { run as gitops } from '../../src/cli/commands/gitops';
import { gitopsOptions } from './gitops-options';
import * as stdio from '../../src/cli/stdio';

const GRAPHS = 3000;

/** Graphs `from` to `to` - 1, in ten namespaces. */
function graphs(from: number, to: number): string {
  const docs: string[] = [];
  for (let i = from; i < to; i++) {
    docs.push(`apiVersion: nvidia.com/v1beta1
kind: DynamoGraphDeployment
metadata:
  name: g${i}
  namespace: team-${i % 10}
spec:
  backendFramework: vllm
  components:
    - name: Frontend
      type: frontend
      podTemplate:
        spec:
          containers:
            - name: main
              image: nvcr.io/nvidia/ai-dynamo/vllm-runtime:0.6.1
    - name: Worker
      type: worker
      podTemplate:
        spec:
          containers:
            - name: main
              image: nvcr.io/nvidia/ai-dynamo/vllm-runtime:0.6.1
              command: [python3, -m, dynamo.vllm]
              resources:
                limits:
                  nvidia.com/gpu: "1"
`);
  }
  return docs.join('---\n');
}

test(`${GRAPHS} graphs in one GitOps tree`, async () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'dynamo-iac-many-'));
  const said: string[] = [];
  // The CLI writes stderr through stdio.ts (fd 2 directly), not process.stderr.
  const stderr = jest.spyOn(stdio, 'writeStderr').mockImplementation((s) => void said.push(s));
  try {
    // A file holds at most 1,000 documents: six files of 500.
    const inputs: string[] = [];
    for (let from = 0; from < GRAPHS; from += 500) {
      inputs.push(path.join(work, `graphs-${from}.yaml`));
      fs.writeFileSync(inputs.at(-1)!, graphs(from, Math.min(from + 500, GRAPHS)));
    }
    const out = path.join(work, 'deploy');
    const options = gitopsOptions({ output: out, fluxPath: 'deploy' });
    expect(await gitops(inputs, options)).toBe(0);
    const summary = /: (\d+) written, 0 removed, 0 unchanged\n/.exec(said.join(''));
    expect(summary).not.toBeNull();
    // Every graph has its directory with its kustomization, listed in its namespace's.
    for (let ns = 0; ns < 10; ns++) {
      const dir = path.join(out, 'graphs', `team-${ns}`);
      const kustomization = fs.readFileSync(path.join(dir, 'kustomization.yaml'), 'utf8');
      const graphDirs = fs.readdirSync(dir).filter((f) => f !== 'kustomization.yaml');
      expect(graphDirs).toHaveLength(GRAPHS / 10);
      for (const g of graphDirs) {
        expect(kustomization).toContain(`- ${g}\n`);
        expect(fs.readdirSync(path.join(dir, g))).toContain('kustomization.yaml');
      }
    }
    // Every file the summary counted is on disk; nothing else is.
    const files = (fs.readdirSync(out, { recursive: true }) as string[]).filter((f) =>
      fs.statSync(path.join(out, f)).isFile(),
    );
    expect(files).toHaveLength(Number(summary![1]));
    // Again: nothing changes.
    said.length = 0;
    expect(await gitops(inputs, options)).toBe(0);
    expect(said.join('')).toMatch(new RegExp(`: 0 written, 0 removed, ${files.length} unchanged\n`));
  } finally {
    stderr.mockRestore();
    fs.rmSync(work, { recursive: true, force: true });
  }
}, 300_000);
