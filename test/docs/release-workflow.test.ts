/**
 * The release workflow cannot run here (GitHub only): what it must do is checked from its text,
 * and actionlint checks the rest when it is installed
 * (`GOBIN=~/.cache/dynamo-iac/actionlint/bin go install github.com/rhysd/actionlint/cmd/actionlint@v1.7.7`).
 */
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { parse } from 'yaml';

const ROOT = path.join(__dirname, '..', '..');
const FILE = path.join(ROOT, '.github', 'workflows', 'release.yml');
const workflow = parse(fs.readFileSync(FILE, 'utf8'));
const steps = (job: string): any[] => workflow.jobs[job].steps;
const runs = (job: string) => steps(job).map((s) => s.run ?? '');

test('on a v* tag: tests, then npm with provenance, then the multi-arch operator image', () => {
  expect(workflow.on.push.tags).toEqual(['v*']);
  expect(runs('test')).toEqual(expect.arrayContaining(['npm ci', 'npm test']));
  expect(workflow.jobs['publish-npm'].needs).toBe('test');
  expect(workflow.jobs['publish-npm'].permissions['id-token']).toBe('write');
  expect(runs('publish-npm').join('\n')).toMatch(/npm publish --provenance/);
  expect(workflow.jobs['publish-image'].needs).toBe('test');
  const uses = steps('publish-image').map((s) => s.uses ?? '');
  for (const action of ['docker/setup-qemu-action', 'docker/setup-buildx-action', 'docker/build-push-action'])
    expect(uses.some((u) => u.startsWith(`${action}@`))).toBe(true);
  const build = steps('publish-image').find((s) => (s.uses ?? '').startsWith('docker/build-push-action@'));
  expect(build.with.platforms).toBe('linux/amd64,linux/arm64');
  expect(workflow.env.IMAGE).toBe('ghcr.io/dynamo-iac/dynamo-iac-operator');
  expect(build.with.tags).toBe('${{ env.IMAGE }}:${{ steps.version.outputs.version }}');
});

const ACTIONLINT = path.join(
  process.env.DYNAMO_IAC_CACHE ?? path.join(os.homedir(), '.cache', 'dynamo-iac'),
  'actionlint',
  'bin',
  'actionlint',
);
(fs.existsSync(ACTIONLINT) ? test : test.skip)('actionlint finds nothing', () => {
  expect(execFileSync(ACTIONLINT, [FILE], { encoding: 'utf8' })).toBe('');
});
