/**
 * The Argo CD health checks (src/gitops/health/resource_customizations/<group>/<kind>/) against
 * their fixtures, in upstream Argo CD's health_test.yaml layout: each script in a Lua VM with
 * Argo's sandbox (argo-lua.ts), and each nvidia.com fixture through the script's Flux CEL twin
 * (flux-cel.ts), which must give the same verdict. Argo CD's own binary runs the same fixtures in
 * `npm run test:argo` (test/argo/health.test.ts).
 */
import * as fs from 'fs';
import * as path from 'path';
import { parse } from 'yaml';
import { HEALTH_SCRIPTS_FILE, healthScriptsSource, CUSTOMIZATIONS_DIR } from '../../scripts/health-scripts';
import { crdManifests } from '../../src/crds';
import { argoHealthConfigMap, healthKey } from '../../src/gitops/health/argocd-cm';
import { ARGO_HEALTH_SCRIPTS } from '../../src/gitops/health/argo-health-scripts';
import { fluxHealthCheckExprs } from '../../src/gitops/health/flux-health';
import { fluxStatus, loadCel } from './flux-cel';
import { runHealthScript } from './argo-lua';

interface HealthTest {
  healthStatus: { status: string; message: string };
  inputPath: string;
}

const cases = ARGO_HEALTH_SCRIPTS.flatMap((s) => {
  const dir = path.join(CUSTOMIZATIONS_DIR, s.group, s.kind);
  const tests = (parse(fs.readFileSync(path.join(dir, 'health_test.yaml'), 'utf8')) as { tests: HealthTest[] }).tests;
  return tests.map((t) => ({
    script: s,
    fixture: t.inputPath,
    expected: t.healthStatus,
    obj: parse(fs.readFileSync(path.join(dir, t.inputPath), 'utf8')),
  }));
});

beforeAll(loadCel);

test('src/gitops/health/argo-health-scripts.ts is what `npm run health-scripts` generates from the .lua files', () => {
  expect(fs.readFileSync(HEALTH_SCRIPTS_FILE, 'utf8')).toBe(healthScriptsSource());
});

test('every nvidia.com kind we install has an Argo CD health check and a Flux twin, each with fixtures', () => {
  const kinds = crdManifests()
    .map((c) => (c.spec as { names: { kind: string } }).names.kind)
    .sort();
  expect(kinds).toEqual([
    'DynamoCheckpoint',
    'DynamoComponentDeployment',
    'DynamoGraphDeployment',
    'DynamoGraphDeploymentCandidate',
    'DynamoGraphDeploymentRequest',
    'DynamoGraphDeploymentRun',
    'DynamoGraphDeploymentScalingAdapter',
    'DynamoModel',
    'DynamoWorkerMetadata',
  ]);
  const scripted = ARGO_HEALTH_SCRIPTS.filter((s) => s.group === 'nvidia.com').map((s) => s.kind);
  expect(scripted.sort()).toEqual(kinds);
  expect(
    fluxHealthCheckExprs()
      .map((e) => e.kind)
      .sort(),
  ).toEqual(kinds);
  for (const kind of kinds) {
    const statuses = new Set(cases.filter((c) => c.script.kind === kind).map((c) => c.expected.status));
    // Every kind is seen healthy and on its way there.
    expect([kind, statuses.has('Healthy'), statuses.has('Progressing')]).toEqual([kind, true, true]);
  }
});

test.each(cases.map((c) => [`${c.script.kind} ${c.fixture}`, c] as const))('Lua, Argo CD sandbox: %s', (_name, c) => {
  expect(c.obj.kind).toBe(c.script.kind);
  expect(runHealthScript(c.script.lua, c.obj)).toEqual(c.expected);
});

const FLUX_OF: Record<string, string[]> = {
  Healthy: ['Current'],
  Progressing: ['InProgress'],
  Degraded: ['Failed'],
  // A person has to act (Argo CD's Suspended): Flux says failed rather than wait for its timeout.
  Suspended: ['Failed'],
};

test.each(
  cases.filter((c) => c.script.group === 'nvidia.com').map((c) => [`${c.script.kind} ${c.fixture}`, c] as const),
)('Flux CEL twin agrees: %s', (_name, c) => {
  const check = fluxHealthCheckExprs().find((e) => e.kind === c.script.kind)!;
  const got = fluxStatus(check, c.obj);
  // Flux cannot evaluate a field of a missing status; it reports that and keeps waiting.
  if (got === 'error') expect([c.expected.status, c.obj.status]).toEqual(['Progressing', undefined]);
  else expect(FLUX_OF[c.expected.status]).toContain(got);
});

test("the sandbox is Argo CD's: no string library, no io, an os without execute", () => {
  expect(() => runHealthScript('return { status = string.format("%s", "x") }', {})).toThrow(/string/);
  expect(() => runHealthScript('return { status = io.read() }', {})).toThrow(/io/);
  expect(() => runHealthScript('os.execute("true") return {}', {})).toThrow(/execute/);
  expect(
    runHealthScript('return { status = "Healthy", message = table.concat({ "a", "b" }, ",") .. os.date("") }', {}),
  ).toEqual({
    status: 'Healthy',
    message: 'a,b',
  });
});

test('argocd-cm: one resource.customizations.health key per script, labelled for Argo CD, namespace configurable', () => {
  const cm = argoHealthConfigMap();
  expect(cm.metadata).toEqual({
    name: 'argocd-cm',
    namespace: 'argocd',
    labels: { 'app.kubernetes.io/name': 'argocd-cm', 'app.kubernetes.io/part-of': 'argocd' },
  });
  expect(Object.keys(cm.data as object)).toEqual(ARGO_HEALTH_SCRIPTS.map(healthKey));
  expect((cm.data as Record<string, string>)['resource.customizations.health.nvidia.com_DynamoGraphDeployment']).toBe(
    ARGO_HEALTH_SCRIPTS.find((s) => s.kind === 'DynamoGraphDeployment')!.lua,
  );
  const own = argoHealthConfigMap({ namespace: 'gitops', applicationHealth: false });
  expect(own.metadata.namespace).toBe('gitops');
  expect(Object.keys(own.data as object)).not.toContain('resource.customizations.health.argoproj.io_Application');
  expect(Object.keys(own.data as object)).toHaveLength(9);
});
