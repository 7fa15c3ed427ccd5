/** `dynamo-iac operator`: parse flags, connect, run until SIGTERM / SIGINT. */
import { parseOperatorArgs } from './config';
import { runOperator } from './run';
import { preferSmallHeap } from './runtime/heap';
import { KubeApi } from './runtime/kube/api';
import { loadKubeConfig } from './runtime/kube/kubeconfig';
import { createLogger, errorText } from './runtime/log';

/** Returns the process exit code (2 = usage error, as the CLI contract says). */
export async function operatorMain(argv: string[]): Promise<number> {
  preferSmallHeap();
  let config;
  try {
    config = parseOperatorArgs(argv);
  } catch (err) {
    process.stderr.write(`dynamo-iac operator: ${(err as Error).message}\n`);
    return 2;
  }
  const log = createLogger();
  let api: KubeApi;
  try {
    api = new KubeApi(loadKubeConfig({ kubeconfig: config.kubeconfig, context: config.context }));
  } catch (err) {
    log.error({ err: errorText(err) }, 'cannot connect to the Kubernetes API');
    return 1;
  }
  const running = runOperator(api, config, log);
  const onSignal = (signal: string) => {
    log.info({ signal }, 'signal received');
    void running.shutdown(0);
  };
  process.once('SIGTERM', () => onSignal('SIGTERM'));
  process.once('SIGINT', () => onSignal('SIGINT'));
  return running.done;
}

if (require.main === module) {
  void operatorMain(process.argv.slice(2)).then((code) => process.exit(code));
}
