/** Comparing mocked Pulumi resources with the cdk8s synth of the same props: one expectation for both front ends. */
import { Chart, Testing } from 'cdk8s';
import { Recorded } from './mocks';

/** The `kubernetes:<group/version>:<Kind>` token the typed and generic classes register. */
export function typeToken(o: { apiVersion: string; kind: string }): string {
  return `kubernetes:${o.apiVersion.includes('/') ? o.apiVersion : `core/${o.apiVersion}`}:${o.kind}`;
}

/** Resource inputs without the `pulumi.com/*` readiness annotations (checked on their own). */
export function withoutPulumiAnnotations(inputs: any): any {
  const annotations = Object.fromEntries(
    Object.entries(inputs.metadata?.annotations ?? {}).filter(([k]) => !k.startsWith('pulumi.com/')),
  );
  const { annotations: _, ...metadata } = inputs.metadata;
  // Pulumi gives worker generations an ownerReference to the graph record (its uid): not rendered.
  const owners = ((metadata as { ownerReferences?: { kind?: string }[] }).ownerReferences ?? []).filter(
    (r) => r.kind !== 'DynamoGraphDeployment',
  );
  const { ownerReferences: __, ...rest } = metadata as typeof metadata & { ownerReferences?: unknown };
  const base = owners.length ? { ...rest, ownerReferences: owners } : rest;
  return { ...inputs, metadata: Object.keys(annotations).length ? { ...base, annotations } : base };
}

/** Kubernetes resources that are children of `parent`. */
export const childrenOf = (all: Recorded[], parent: Recorded) => all.filter((r) => r.parent === parent.resource);

/** What cdk8s synthesizes for `build` in a chart of namespace `namespace`. */
export function cdk8sObjects(namespace: string, build: (chart: Chart) => void): any[] {
  const chart = new Chart(Testing.app(), 'chart', { namespace });
  build(chart);
  return Testing.synth(chart);
}
