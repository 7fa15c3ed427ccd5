/**
 * A Grafana dashboard for the runtime operator, as a ConfigMap that the Grafana sidecar picks
 * up by its `grafana_dashboard: "1"` label: reconcile rate, P95 duration, errors, inventory and managed pods,
 * filtered by namespace.
 */
import { KubeObject } from '../api/k8s-types';

const NS = 'namespace=~"$namespace"';

function panel(id: number, title: string, expr: string, legend: string, unit: string, gridPos: object) {
  return {
    id,
    type: 'timeseries',
    title,
    datasource: { type: 'prometheus', uid: '${datasource}' },
    fieldConfig: { defaults: { unit }, overrides: [] },
    gridPos,
    targets: [{ refId: 'A', expr, legendFormat: legend }],
  };
}

export function operatorDashboard(name: string, namespace: string, labels: Record<string, string>): KubeObject {
  const dashboard = {
    title: 'dynamo-iac operator',
    uid: 'dynamo-iac-operator',
    schemaVersion: 39,
    time: { from: 'now-6h', to: 'now' },
    templating: {
      list: [
        { name: 'datasource', type: 'datasource', query: 'prometheus' },
        {
          name: 'namespace',
          type: 'query',
          datasource: { type: 'prometheus', uid: '${datasource}' },
          query: 'label_values(dynamo_operator_reconcile_total, namespace)',
          multi: true,
          includeAll: true,
          refresh: 2,
        },
      ],
    },
    panels: [
      panel(
        1,
        'Reconciles per second',
        `sum by (resource_type, result) (rate(dynamo_operator_reconcile_total{${NS}}[5m]))`,
        '{{resource_type}} {{result}}',
        'ops',
        { x: 0, y: 0, w: 12, h: 8 },
      ),
      panel(
        2,
        'Reconcile duration (P95)',
        `histogram_quantile(0.95, sum by (le, resource_type) (rate(dynamo_operator_reconcile_duration_seconds_bucket{${NS}}[5m])))`,
        '{{resource_type}}',
        's',
        { x: 12, y: 0, w: 12, h: 8 },
      ),
      panel(
        3,
        'Reconcile errors per second',
        `sum by (resource_type, error_type) (rate(dynamo_operator_reconcile_errors_total{${NS}}[5m]))`,
        '{{resource_type}} {{error_type}}',
        'ops',
        { x: 0, y: 8, w: 12, h: 8 },
      ),
      panel(
        4,
        'Resources by status',
        `sum by (resource_type, status) (dynamo_operator_resources_total{${NS}})`,
        '{{resource_type}} {{status}}',
        'short',
        { x: 12, y: 8, w: 12, h: 8 },
      ),
      panel(
        5,
        'Managed pods by component type',
        `sum by (component_type) (dynamo_operator_managed_pods_total{${NS}})`,
        '{{component_type}}',
        'short',
        { x: 0, y: 16, w: 12, h: 8 },
      ),
    ],
  };
  return {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name, namespace, labels: { ...labels, grafana_dashboard: '1' } },
    data: { 'dynamo-iac-operator.json': `${JSON.stringify(dashboard, null, 2)}\n` },
  };
}
