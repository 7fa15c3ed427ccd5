/**
 * Scale to zero (issue 42, docs/scale-to-zero.md): the activator's HTTP server and the controller
 * that tells it which graphs opt in. Only when the operator runs with an activator port
 * (`--activator-port`); keyed by graph, woken by its graph and adapters.
 */
import { ActivatorMetrics } from '../../activator/metrics';
import { Activator } from '../../activator/activator';
import { errorText } from '../../runtime/log';
import { ControllerDefinition, newController } from '../context';
import { graphInformers, enqueueGraphChanges } from '../graphs';
import { objectKey } from '../../runtime/kube/objects';
import { RESOURCES } from '../resources';
import { clusterFrontendUrl, ScaleToZeroReconciler } from './reconciler';
import { AdapterScaler } from './scaler';

export const scaleToZero: ControllerDefinition = {
  name: 'scale-to-zero',
  async setup(ctx) {
    const options = ctx.config.activator;
    if (!options) return undefined;
    const sources = await graphInformers(ctx);
    const scaler = new AdapterScaler({ ...ctx, graphs: sources.graphs, adapters: sources.adapters });
    const activator = new Activator({
      port: options.port,
      host: options.host,
      pollMs: options.pollMs,
      clock: ctx.clock,
      log: ctx.log.child({ component: 'activator' }),
      metrics: new ActivatorMetrics(ctx.metrics.registry),
      scaler,
    });
    const reconciler = new ScaleToZeroReconciler({
      ...ctx,
      graphs: sources.graphs,
      adapters: sources.adapters,
      activator,
      frontendUrl: options.frontendUrl ?? clusterFrontendUrl,
    });
    const controller = newController(ctx, {
      name: 'scale-to-zero',
      resourceType: RESOURCES.dgdV1beta1.kind,
      reconcile: (key) => reconciler.reconcile(key),
      onResume: (ns) => sources.graphs.list((g) => g.metadata.namespace === ns).map(objectKey),
    });
    enqueueGraphChanges(sources, controller);
    return {
      start() {
        controller.start();
        activator.start().then(
          (port) => {
            ctx.log.info({ port }, 'activator serving /<namespace>/<graph>/...');
            options.onListening?.(port);
          },
          (err) => ctx.log.error({ err: errorText(err) }, 'activator cannot serve'),
        );
      },
      async stop() {
        await activator.stop();
        await controller.stop();
      },
    };
  },
};
