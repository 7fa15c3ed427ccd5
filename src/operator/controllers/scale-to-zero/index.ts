/**
 * Scale to zero (issue 42, docs/scale-to-zero.md): the activator's HTTP server (when the operator
 * runs with `--activator-port`) and the controller that tells it which graphs opt in and writes
 * their `ScaledToZero` condition; keyed by graph, woken by its graph, adapters and workloads.
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
    const sources = await graphInformers(ctx);
    const activator = options
      ? new Activator({
          port: options.port,
          host: options.host,
          pollMs: options.pollMs,
          clock: ctx.clock,
          log: ctx.log.child({ component: 'activator' }),
          metrics: new ActivatorMetrics(ctx.metrics.registry),
          scaler: new AdapterScaler({ ...ctx, graphs: sources.graphs, adapters: sources.adapters }),
        })
      : undefined;
    const reconciler = new ScaleToZeroReconciler({
      ...ctx,
      graphs: sources.graphs,
      adapters: sources.adapters,
      activator,
      frontendUrl: options?.frontendUrl ?? clusterFrontendUrl,
    });
    const controller = newController(ctx, {
      name: 'scale-to-zero',
      resourceType: RESOURCES.dgdV1beta1.kind,
      reconcile: (key) => reconciler.reconcile(key),
      onResume: (ns) => sources.graphs.list((g) => g.metadata.namespace === ns).map(objectKey),
    });
    enqueueGraphChanges(sources, controller);
    if (!activator || !options) return controller;
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
