/**
 * The frontend's Service among a graph's rendered objects: what a user points a client, an
 * Ingress or a port-forward at. The cdk8s constructs and the Pulumi components both expose it.
 */
import { KubeObject } from '../api/k8s-types';
import { LABEL } from './labels';

type ServiceSpec = { selector?: Record<string, string>; ports?: { port?: number }[] } | undefined;

/** Name and first port of the Service selecting the frontend pods (undefined without a frontend). */
export function frontendService(objects: readonly KubeObject[]): { name: string; port?: number } | undefined {
  const service = objects.find(
    (o) => o.kind === 'Service' && (o.spec as ServiceSpec)?.selector?.[LABEL.componentType] === 'frontend',
  );
  if (!service) return undefined;
  return { name: service.metadata.name, port: (service.spec as ServiceSpec)?.ports?.[0]?.port };
}
