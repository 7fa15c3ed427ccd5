/** Objects that belong to the graph rather than one component, and rendering several graphs (graph.ts, index.ts). */
import { component, frontend, graph, vllmWorker } from './builders';
import { rendered } from './helpers';

describe('graph-level objects', () => {
  test('PVCs with create: true are rendered; others are only referenced', () => {
    const r = rendered(
      graph({
        pvcs: [
          { name: 'models', create: true, size: '100Gi', storageClass: 'fast', volumeAccessMode: 'ReadWriteMany' },
          { name: 'existing', create: false },
        ],
        components: [vllmWorker()],
      }),
    );
    expect(r.find('PersistentVolumeClaim', 'models').spec).toEqual({
      accessModes: ['ReadWriteMany'],
      resources: { requests: { storage: '100Gi' } },
      storageClassName: 'fast',
    });
    expect(r.ids).not.toContain('PersistentVolumeClaim/existing');
  });

  test('the graph record can be left out', () => {
    const { renderGraph } = require('../../src/render');
    const { resolveSettings } = require('../../src/api/settings');
    const objs = renderGraph(graph({ components: [frontend()] }), resolveSettings(), { includeGraphRecord: false });
    expect(objs.map((o: any) => o.kind)).not.toContain('DynamoGraphDeployment');
  });

  test('standalone DynamoComponentDeployment: objects named after it, its own parent, pods without a graph label', () => {
    const r = rendered(graph({ kind: 'DynamoComponentDeployment', name: 'solo', components: [vllmWorker()] }));
    expect(r.ids).toContain('Deployment/solo');
    // Upstream names the DCD itself as the parent and labels its pods with no graph.
    expect(r.envOf(r.main('solo')).DYN_PARENT_DGD_K8S_NAME).toBe('solo');
    const deployment = r.find('Deployment', 'solo');
    expect('nvidia.com/dynamo-graph-deployment-name' in deployment.spec.template.metadata.labels).toBe(false);
    // The workload keeps its empty graph label: the runtime operator's component-status watch selects it.
    expect(deployment.metadata.labels['nvidia.com/dynamo-graph-deployment-name']).toBe('');
    // No origin version is stamped on a DCD (upstream's webhook stamps graphs).
    expect(r.find('DynamoComponentDeployment', 'solo').metadata.annotations).toBeUndefined();
    expect(r.ids).toContain('DynamoComponentDeployment/solo');
  });

  test('two components rendering the same object differently is a conflict', () => {
    const { renderGraphs } = require('../../src/render');
    const { resolveSettings } = require('../../src/api/settings');
    const a = graph({ name: 'a', components: [component({ name: 'x', type: 'planner' })] });
    const b = graph({ name: 'b', components: [component({ name: 'x', type: 'planner' })] });
    expect(
      renderGraphs([a, b], resolveSettings()).filter((o: any) => o.metadata.name === 'planner-serviceaccount'),
    ).toHaveLength(1);
    const c = graph({ name: 'a', namespace: 'ml', components: [frontend()] });
    const d = graph({ name: 'a', namespace: 'ml', components: [frontend({ replicas: 3 })] });
    expect(() => renderGraphs([c, d], resolveSettings())).toThrow(
      /Deployment "ml\/a-frontend" is rendered twice with different content/,
    );
  });
});
