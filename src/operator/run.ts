/**
 * The operator process: HTTP endpoints at once, leader election (when on), the controllers
 * while leading, and an orderly stop on SIGTERM/SIGINT, on losing leadership, or when the
 * namespace-scope lease cannot be renewed (then the exit code is 1).
 */
import { Logger } from 'pino';
import { OperatorConfig } from './config';
import { Operator } from './operator';
import { OperatorHttpServer } from './runtime/http-server';
import { KubeApi } from './runtime/kube/api';
import { LeaderElector } from './runtime/leader-election';
import { OperatorMetrics } from './runtime/metrics';
import { errorText } from './runtime/log';

export interface RunningOperator {
  /** Resolves with the exit code once everything is stopped. */
  readonly done: Promise<number>;
  readonly port: Promise<number>;
  shutdown(code?: number): Promise<void>;
}

export function runOperator(api: KubeApi, config: OperatorConfig, log: Logger): RunningOperator {
  const metrics = new OperatorMetrics({ processMetrics: true });
  let exitCode = 0;
  let stopping: Promise<void> | undefined;
  let resolveDone: (code: number) => void = () => undefined;
  const done = new Promise<number>((r) => (resolveDone = r));

  const shutdown = (code = 0): Promise<void> => {
    exitCode = Math.max(exitCode, code);
    stopping ??= (async () => {
      log.info({ exitCode }, 'shutting down');
      await elector?.stop();
      await operator.stop();
      await http.stop();
      api.close();
      resolveDone(exitCode);
    })();
    return stopping;
  };

  const operator = new Operator({ api, config, log, metrics, onFatal: () => void shutdown(1) });
  // A standby replica is ready once it reaches the API server: it serves, it just does not act.
  // Without leader election the operator itself must be running (its informers synced).
  const http = new OperatorHttpServer({
    port: config.httpPort,
    registry: metrics.registry,
    ready: () =>
      !stopping && (elector ? elector.apiReachable && (!elector.isLeader || operator.ready) : operator.ready),
  });
  const startOperator = () =>
    operator.start().catch((err) => {
      log.error({ err: errorText(err) }, 'operator failed to start');
      void shutdown(1);
    });
  const elector = config.leaderElection.enabled
    ? new LeaderElector(
        api,
        config.leaderElection,
        config.identity,
        { onStartedLeading: startOperator, onStoppedLeading: () => void shutdown(1) },
        log,
      )
    : undefined;

  const port = http.start();
  port.then(
    (p) => {
      log.info({ port: p }, 'serving /metrics, /healthz, /readyz');
      if (elector) elector.start();
      else void startOperator();
    },
    (err) => {
      log.error({ err: errorText(err) }, 'cannot serve HTTP');
      void shutdown(1);
    },
  );
  return { done, port, shutdown };
}
