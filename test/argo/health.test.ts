/**
 * Argo CD's own binary judges every fixture of our health checks: `argocd admin settings
 * resource-overrides health <fixture> --argocd-cm-path <the argocd-cm dynamo-iac ships>` (no
 * cluster needed) must give each health_test.yaml's status and message, as the unit test's Lua VM
 * does (test/gitops/health-scripts.test.ts), and as upstream Argo CD's own health tests would.
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { parse } from 'yaml';
import { CUSTOMIZATIONS_DIR } from '../../scripts/health-scripts';
import { argoHealthConfigMap } from '../../src/gitops/health/argocd-cm';
import { ARGO_HEALTH_SCRIPTS } from '../../src/gitops/health/argo-health-scripts';
import { toYaml } from '../../src/output/yaml';

const cases = ARGO_HEALTH_SCRIPTS.flatMap((s) => {
  const dir = path.join(CUSTOMIZATIONS_DIR, s.group, s.kind);
  const tests = parse(fs.readFileSync(path.join(dir, 'health_test.yaml'), 'utf8')).tests as Array<{
    healthStatus: { status: string; message: string };
    inputPath: string;
  }>;
  return tests.map((t) => ({
    name: `${s.group}/${s.kind} ${t.inputPath}`,
    file: path.join(dir, t.inputPath),
    expected: t.healthStatus,
  }));
});

let cmFile: string;
beforeAll(() => {
  cmFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'dynamo-iac-argo-health-')), 'argocd-cm.yaml');
  fs.writeFileSync(cmFile, toYaml(argoHealthConfigMap()));
});
afterAll(() => fs.rmSync(path.dirname(cmFile), { recursive: true, force: true }));

test('there is a fixture for every script', () => {
  expect(new Set(cases.map((c) => c.name.split(' ')[0])).size).toBe(ARGO_HEALTH_SCRIPTS.length);
});

test.each(cases.map((c) => [c.name, c] as const))('argocd admin settings resource-overrides health: %s', (_n, c) => {
  const r = spawnSync(
    process.env.DYNAMO_IAC_ARGOCD!,
    ['admin', 'settings', 'resource-overrides', 'health', c.file, '--argocd-cm-path', cmFile],
    { encoding: 'utf8', env: { ...process.env, HOME: path.dirname(cmFile) } },
  );
  expect(r.status).toBe(0);
  const field = (name: string) => r.stdout.match(new RegExp(`^${name}: (.*)$`, 'm'))?.[1] ?? '';
  expect({ status: field('STATUS'), message: field('MESSAGE') }).toEqual(c.expected);
});
