import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { CLI_FIXTURES, FIXTURES, lines, run } from './run';

const agg = `${FIXTURES}/agg-v1beta1.yaml`;

describe('--settings', () => {
  test('every wrong type and unknown key is reported with its field path', () => {
    const file = `${CLI_FIXTURES}/settings-bad.yaml`;
    const r = run(['render', '--settings', file, agg]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(lines(r.stderr)).toEqual([
      `${file}: ingress.hostSuffix: must be a string (quote it: "3")`,
      `${file}: ingress.controllerClass: unknown field; expected one of: controllerClassName, virtualServiceGateway, hostSuffix, tlsSecretName`,
      `${file}: lwsAvailable: must be a boolean (true or false)`,
      `${file}: operatorScope: must be one of: cluster, namespace`,
      `${file}: imagePullSecrets[nvcr.io][0]: must be a string (quote it: "1")`,
      `${file}: workerRollout: must be one of: operator, commits, in-place`,
    ]);
  });

  test('a missing settings file is invalid input', () => {
    const r = run(['validate', '--settings', 'nope.yaml', agg]);
    expect(r.code).toBe(1);
    expect(lines(r.stderr)).toEqual(["nope.yaml: cannot read: ENOENT: no such file or directory, open 'nope.yaml'"]);
  });

  test('JSON settings are checked the same way', () => {
    const file = `${CLI_FIXTURES}/settings-bad.json`;
    const r = run(['validate', '--settings', file, agg]);
    expect(r.code).toBe(1);
    expect(lines(r.stderr)).toEqual([`${file}: natsAddress: must be a string (quote it: "4222")`]);
  });

  test('settings change what is rendered', () => {
    const without = run(['render', agg]);
    const withIngress = run(['render', '--settings', `${CLI_FIXTURES}/settings-ingress.yaml`, agg]);
    expect(withIngress.code).toBe(0);
    expect(without.stdout).not.toMatch(/^kind: Ingress$/m);
    expect(withIngress.stdout).toMatch(/^kind: Ingress$/m);
    expect(withIngress.stdout).toMatch(/host: .*example\.com/);
  });

  test('--dynamo-version decides the origin version stamped on a new graph; 1.7 is the default', () => {
    const origins = (out: string) =>
      [...out.matchAll(/nvidia\.com\/dynamo-operator-origin-version: "?([^"\n]+)"?/g)].map((m) => m[1]);
    const byDefault = run(['render', agg]);
    const on16 = run(['render', '--dynamo-version', '1.6', agg]);
    expect(on16.code).toBe(0);
    expect(new Set(origins(byDefault.stdout))).toEqual(new Set(['1.7.0']));
    expect(new Set(origins(on16.stdout))).toEqual(new Set(['1.6.1']));
  });

  test('an unsupported release is refused, as a flag and as a setting', () => {
    const flag = run(['render', '--dynamo-version', '1.5', agg]);
    expect(flag.code).toBe(2);
    expect(lines(flag.stderr)).toEqual(['--dynamo-version: must be one of: 1.6, 1.7']);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'dyn-ver-')), 'settings.yaml');
    fs.writeFileSync(file, 'dynamoVersion: "1.5"\n');
    const setting = run(['render', '--settings', file, agg]);
    expect(setting.code).toBe(1);
    expect(lines(setting.stderr)).toEqual([`${file}: dynamoVersion: must be one of: 1.6, 1.7`]);
  });
});
