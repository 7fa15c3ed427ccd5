/**
 * Makes a namespace's workloads look ready, writing what the controllers and kubelets of a real
 * cluster would (the test cluster runs neither): for each Deployment a ReplicaSet of its current
 * revision with every replica ready and the Deployment's rollout conditions; for each Service with a
 * selector an Endpoints object with a ready address; for each DynamoGraphDeployment the `Ready`
 * condition the runtime operator writes.
 */
import { KubeRest, Obj } from './kube-rest';

const MANAGER = 'e2e-play-ready';
const REVISION = 'deployment.kubernetes.io/revision';

export async function playReady(kube: KubeRest, namespace: string): Promise<string[]> {
  const done: string[] = [];
  for (const d of (await kube.list('apps/v1', 'Deployment', namespace)) as any[]) {
    const replicas = d.spec.replicas ?? 1;
    const rs = {
      apiVersion: 'apps/v1',
      kind: 'ReplicaSet',
      metadata: {
        name: `${d.metadata.name}-ready`,
        namespace,
        labels: d.spec.selector.matchLabels,
        annotations: { [REVISION]: '1' },
        ownerReferences: [
          {
            apiVersion: 'apps/v1',
            kind: 'Deployment',
            name: d.metadata.name,
            uid: d.metadata.uid,
            controller: true,
            blockOwnerDeletion: true,
          },
        ],
      },
      spec: { replicas, selector: d.spec.selector, template: d.spec.template },
    };
    await kube.apply(rs, MANAGER);
    await kube.mergePatch(
      rs,
      {
        status: {
          replicas,
          readyReplicas: replicas,
          availableReplicas: replicas,
          fullyLabeledReplicas: replicas,
          observedGeneration: 1,
        },
      },
      'status',
      MANAGER,
    );
    // A Deployment's annotations are part of its generation: annotate first, then report that generation observed.
    const annotated = await kube.mergePatch(d, { metadata: { annotations: { [REVISION]: '1' } } }, undefined, MANAGER);
    const now = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
    const condition = (type: string, reason: string) => ({
      type,
      status: 'True',
      reason,
      message: 'e2e',
      lastUpdateTime: now,
      lastTransitionTime: now,
    });
    await kube.mergePatch(
      d,
      {
        status: {
          observedGeneration: annotated.metadata.generation,
          replicas,
          updatedReplicas: replicas,
          readyReplicas: replicas,
          availableReplicas: replicas,
          conditions: [
            condition('Available', 'MinimumReplicasAvailable'),
            condition('Progressing', 'NewReplicaSetAvailable'),
          ],
        },
      },
      'status',
      MANAGER,
    );
    done.push(`Deployment ${d.metadata.name}`);
  }
  for (const s of (await kube.list('v1', 'Service', namespace)) as any[]) {
    if (!s.spec.selector || s.spec.clusterIP === 'None') continue;
    const ports = s.spec.ports.map((p: any) => ({
      name: p.name,
      port: typeof p.targetPort === 'number' ? p.targetPort : p.port,
      protocol: p.protocol,
    }));
    await kube.apply(
      {
        apiVersion: 'v1',
        kind: 'Endpoints',
        metadata: { name: s.metadata.name, namespace },
        subsets: [{ addresses: [{ ip: '10.244.0.10' }], ports }],
      } as Obj,
      MANAGER,
    );
    done.push(`Service ${s.metadata.name}`);
  }
  for (const g of await kube.list('nvidia.com/v1beta1', 'DynamoGraphDeployment', namespace)) {
    const now = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
    await kube.mergePatch(
      g,
      {
        status: {
          state: 'successful',
          conditions: [
            { type: 'Ready', status: 'True', reason: 'AllComponentsReady', message: 'e2e', lastTransitionTime: now },
          ],
        },
      },
      'status',
      MANAGER,
    );
    done.push(`DynamoGraphDeployment ${g.metadata.name}`);
  }
  return done;
}
