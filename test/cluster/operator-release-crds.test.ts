/**
 * A Dynamo 1.7 platform installs no DynamoCheckpoint CRD (the release has no such kind). Against
 * the real API server with that CRD removed, the operator starts and reports ready, leaves its
 * checkpoint controller off, and still writes the graph's status.
 */
import { crdManifests } from '../../src/crds';
import { Operator } from '../../src/operator/operator';
import { KubeApi } from '../../src/operator/runtime/kube/api';
import { releaseCrdManifests } from '../../src/platform/release-crds';
import { RESOURCES } from '../../src/operator/controllers/resources';
import { KubeClient, poll, ServerObject, uniqueName } from './kube';
import { installOperatorCrds, operatorApi, rendered, startOperator } from './operator-harness';

const CHECKPOINT_CRD = 'dynamocheckpoints.nvidia.com';
const CRD_API = 'apiextensions.k8s.io/v1';
let kube: KubeClient;
let api: KubeApi;
let operator: Operator | undefined;
let ns: string;

beforeAll(async () => {
  kube = KubeClient.fromTestEnv();
  await installOperatorCrds(kube);
  await kube.delete(CRD_API, 'CustomResourceDefinition', CHECKPOINT_CRD);
  await kube.waitFor(CRD_API, 'CustomResourceDefinition', CHECKPOINT_CRD, undefined, (o) => o === undefined, {
    what: 'the DynamoCheckpoint CRD gone',
    timeoutMs: 60_000,
  });
  api = operatorApi();
  // Discovery follows the CRD's deletion a moment later; the operator asks it at start.
  await poll(
    'DynamoCheckpoint no longer served',
    async () => ((await api.served(RESOURCES.checkpoint)) ? undefined : true),
    {
      timeoutMs: 60_000,
    },
  );
  ns = uniqueName('op-release');
  await kube.createNamespace(ns);
  operator = await startOperator(api);
  for (const o of rendered(ns)) await kube.apply(o);
});

afterAll(async () => {
  await operator?.stop();
  api?.close();
  // The rest of the suite shares this API server: the CRD comes back.
  const crd = crdManifests().find((c) => c.metadata.name === CHECKPOINT_CRD)!;
  await kube.installCrd(crd as ServerObject);
  kube.close();
});

test('the 1.7 CRD set has no DynamoCheckpoint; the operator runs without it and writes graph status', async () => {
  expect(releaseCrdManifests('1.7').map((c) => c.metadata.name)).not.toContain(CHECKPOINT_CRD);
  expect(releaseCrdManifests('1.6').map((c) => c.metadata.name)).toContain(CHECKPOINT_CRD);
  expect(operator!.ready).toBe(true);
  const dgd = await kube.waitFor<any>(
    'nvidia.com/v1beta1',
    'DynamoGraphDeployment',
    'sg',
    ns,
    (o) => !!o?.status?.state,
    {
      what: 'graph status written',
      timeoutMs: 60_000,
    },
  );
  expect(dgd!.status.state).toBe('pending');
  expect(dgd!.status.checkpoints).toBeUndefined();
});
