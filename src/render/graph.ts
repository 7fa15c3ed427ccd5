/** A whole graph (or a standalone component deployment) to Kubernetes objects. */
import { KubeObject } from '../api/k8s-types';
import { GraphModel } from '../api/model';
import { ResolvedSettings } from '../api/settings';
import { ComponentContext, componentContext } from './context';
import {
  renderDiscoveryRbac, renderEppAccess, renderEppObjects, renderModelService, renderPlannerAccess, renderPvcs,
} from './graph-objects';
import { renderIngress, renderService, renderVirtualService } from './network';
import { renderGraphRecord } from './record';
import { renderDeployment } from './workload';

export interface RenderOptions {
  /**
   * Emit the DynamoGraphDeployment / DynamoComponentDeployment record itself.
   * Turn off for clusters without the nvidia.com CRDs.
   * @default true
   */
  readonly includeGraphRecord?: boolean;
}

/** Every object of one component. */
export function renderComponent(cc: ComponentContext): KubeObject[] {
  return [renderDeployment(cc), renderService(cc), renderIngress(cc), renderVirtualService(cc)]
    .filter((o): o is KubeObject => o !== undefined);
}

/** Every object of a graph, in render order (callers sort and de-duplicate). */
export function renderGraphObjects(graph: GraphModel, settings: ResolvedSettings, options: RenderOptions = {}): KubeObject[] {
  const contexts = graph.components.map((c) => componentContext(graph, settings, c));
  const out: KubeObject[] = [...renderPvcs(graph)];
  if (contexts.some((cc) => cc.kubernetesDiscovery)) out.push(...renderDiscoveryRbac(graph));
  if (settings.operatorScope === 'cluster' && contexts.some((cc) => cc.component.type === 'planner')) {
    out.push(...renderPlannerAccess(graph, settings));
  }
  const epp = contexts.find((cc) => cc.component.type === 'epp');
  if (epp) out.push(...renderEppAccess(graph, settings), ...renderEppObjects(epp));
  const models = new Set(contexts.map((cc) => cc.component.modelRef?.name).filter((n): n is string => !!n));
  for (const m of [...models].sort()) out.push(renderModelService(graph.namespace, m));
  for (const cc of contexts) out.push(...renderComponent(cc));
  if (options.includeGraphRecord ?? true) out.push(renderGraphRecord(graph));
  return out;
}
