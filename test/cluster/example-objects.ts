/** Every object the example app renders, chart by chart (new charts are picked up as they appear). */
import { Testing } from 'cdk8s';
import { buildExampleApp } from '../../examples/app';
import { ServerObject } from './kube';

export interface ChartObjects {
  chart: string;
  objects: ServerObject[];
}

export function exampleCharts(): ChartObjects[] {
  const app = buildExampleApp(Testing.app());
  return app.charts.map((c) => ({ chart: c.node.id, objects: c.toJson() as ServerObject[] }));
}

/** `<apiVersion> <kind> <namespace>/<name>`, for messages. */
export function describeObject(o: ServerObject): string {
  return `${o.apiVersion} ${o.kind} ${o.metadata.namespace ? `${o.metadata.namespace}/` : ''}${o.metadata.name}`;
}
