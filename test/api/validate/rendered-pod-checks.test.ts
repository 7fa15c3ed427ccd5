/**
 * The quick check the pipeline runs on every rendered graph says "a problem" exactly when the full
 * check (with paths) finds one: a mount of an undefined volume, or two mounts at one path in one
 * container, in containers and init containers alike.
 */
import { hasRenderedPodProblems, renderedPodProblems } from '../../../src/api/validate/rendered-pod-checks';
import type { KubeObject } from '../../../src/api/k8s-types';
import type { GraphModel } from '../../../src/api/model';

const model = {
  kind: 'DynamoGraphDeployment',
  apiVersion: 'nvidia.com/v1beta1',
  source: { spec: {} },
} as unknown as GraphModel;

const deployment = (pod: object): KubeObject =>
  ({
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'w' },
    spec: { template: { metadata: { labels: { a: 'b' } }, spec: pod } },
  }) as unknown as KubeObject;

const mount = (name: string, mountPath: string) => ({ name, mountPath });
const volumes = [{ name: 'cache' }, { name: 'shm' }];

test.each([
  ['no mounts', { containers: [{ name: 'main' }] }, false],
  [
    'defined volumes at distinct paths',
    { volumes, containers: [{ volumeMounts: [mount('cache', '/c'), mount('shm', '/dev/shm')] }] },
    false,
  ],
  [
    'one volume at one path in two containers',
    { volumes, containers: [{ volumeMounts: [mount('cache', '/c')] }, { volumeMounts: [mount('cache', '/c')] }] },
    false,
  ],
  ['an undefined volume', { volumes, containers: [{ volumeMounts: [mount('data', '/d')] }] }, true],
  ['an undefined volume, no volumes at all', { containers: [{ volumeMounts: [mount('data', '/d')] }] }, true],
  [
    'two mounts at one path',
    { volumes, containers: [{ volumeMounts: [mount('cache', '/c'), mount('shm', '/c')] }] },
    true,
  ],
  [
    'two mounts at one path in an init container',
    { volumes, containers: [], initContainers: [{ volumeMounts: [mount('cache', '/c'), mount('shm', '/c')] }] },
    true,
  ],
  [
    'an undefined volume in an init container',
    { volumes, containers: [], initContainers: [{ volumeMounts: [mount('x', '/x')] }] },
    true,
  ],
])('%s', (_, pod, expected) => {
  const objects = [deployment(pod)];
  expect(renderedPodProblems(model, objects).length > 0).toBe(expected);
  expect(hasRenderedPodProblems(objects)).toBe(expected);
});
