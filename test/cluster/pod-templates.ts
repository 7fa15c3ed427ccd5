/** Every pod template in rendered output, as a Pod we can create: Deployments, LeaderWorkerSets, Grove cliques. */
import { ServerObject } from './kube';

export interface NamedTemplate {
  /** Where it came from, e.g. `Deployment dynamo/x` or `LeaderWorkerSet dynamo/x (worker)`. */
  source: string;
  metadata: { labels?: Record<string, string>; annotations?: Record<string, string> };
  spec: Record<string, unknown>;
}

export function podTemplatesOf(o: ServerObject): NamedTemplate[] {
  const spec = (o.spec ?? {}) as any;
  const at = (what: string) => `${o.kind} ${o.metadata.namespace}/${o.metadata.name}${what ? ` (${what})` : ''}`;
  const from = (t: any, what: string): NamedTemplate[] =>
    t?.spec ? [{ source: at(what), metadata: t.metadata ?? {}, spec: t.spec }] : [];
  switch (o.kind) {
    case 'Deployment':
      return from(spec.template, '');
    case 'LeaderWorkerSet':
      return [
        ...from(spec.leaderWorkerTemplate?.leaderTemplate, 'leader'),
        ...from(spec.leaderWorkerTemplate?.workerTemplate, 'worker'),
      ];
    case 'PodCliqueSet':
      return (spec.template?.cliques ?? []).map((c: any) => ({
        source: at(c.name),
        metadata: { labels: c.labels, annotations: c.annotations },
        spec: c.spec.podSpec,
      }));
    default:
      return [];
  }
}

/** A Pod from a template, named `pod-<i>` (names are long; the index keeps them unique and short). */
export function podFrom(t: NamedTemplate, namespace: string, i: number): ServerObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: `pod-${i}`, namespace, labels: t.metadata.labels, annotations: t.metadata.annotations },
    spec: t.spec,
  };
}
