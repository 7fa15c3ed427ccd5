/**
 * Flux's kustomize-controller (built by test/infra/build.sh flux) run outside the cluster,
 * as `flux install` would run it inside: every namespace watched, no leader election, its
 * runtime namespace flux-system. Metrics and health listen on free loopback ports.
 */
import { Process } from './process';

export const FLUX_NAMESPACE = 'flux-system';

export function startKustomizeController(binary: string, kubeconfig: string): Process {
  return new Process(
    'kustomize-controller',
    binary,
    [
      '--watch-all-namespaces=true',
      '--enable-leader-election=false',
      '--metrics-addr=127.0.0.1:0',
      '--health-addr=127.0.0.1:0',
      // How often a Kustomization whose dependsOn is not Ready looks again (default 30s): shorter
      // only so the test waits less; the order itself is unchanged.
      '--requeue-dependency=5s',
      '--log-encoding=json',
    ],
    { ...process.env, KUBECONFIG: kubeconfig, RUNTIME_NAMESPACE: FLUX_NAMESPACE },
  );
}
