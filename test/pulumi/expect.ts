/** Comparing mocked Pulumi resources with the cdk8s synth of the same props: one expectation for both front ends. */
import { Chart, Testing } from 'cdk8s';
import { Recorded } from './mocks';

/** The `kubernetes:<group/version>:<Kind>` token the typed and generic classes register. */
export function typeToken(o: { apiVersion: string; kind: string }): string {
  return `kubernetes:${o.apiVersion.includes('/') ? o.apiVersion : `core/${o.apiVersion}`}:${o.kind}`;
}

export { withoutPulumiAnnotations } from './without-pulumi-annotations';

/** Kubernetes resources that are children of `parent`. */
export const childrenOf = (all: Recorded[], parent: Recorded) => all.filter((r) => r.parent === parent.resource);

/** What cdk8s synthesizes for `build` in a chart of namespace `namespace`. */
export function cdk8sObjects(namespace: string, build: (chart: Chart) => void): any[] {
  const chart = new Chart(Testing.app(), 'chart', { namespace });
  build(chart);
  return Testing.synth(chart);
}
