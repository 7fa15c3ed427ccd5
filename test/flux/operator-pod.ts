/**
 * Plays the kubelet for the runtime operator's Deployment, as Flux applied it: runs the
 * container's args through the image's entrypoint (`bin/dynamo-iac`, our CLI), with the
 * downward-API env the pod would get and the admin KUBECONFIG instead of the in-cluster
 * config. Only `--http-port` changes (to 0, a free port: several tests run on one machine).
 */
import * as path from 'path';
import { ServerObject, poll } from '../cluster/kube';
import { Process } from './process';

const CLI = path.resolve(__dirname, '..', '..', 'bin', 'dynamo-iac');

export function startOperatorPod(deployment: ServerObject & { spec?: any }, kubeconfig: string): Process {
  const pod = deployment.spec.template.spec;
  const container = pod.containers[0];
  const fieldValue = (fieldPath: string): string => {
    if (fieldPath === 'metadata.name') return `${deployment.metadata.name}-0`;
    if (fieldPath === 'metadata.namespace') return deployment.metadata.namespace!;
    if (fieldPath === 'spec.serviceAccountName') return pod.serviceAccountName;
    throw new Error(`operator pod env: no value for fieldRef ${fieldPath}`);
  };
  const env: NodeJS.ProcessEnv = { ...process.env, KUBECONFIG: kubeconfig, NODE_OPTIONS: '' };
  for (const e of container.env ?? []) env[e.name] = e.value ?? fieldValue(e.valueFrom.fieldRef.fieldPath);
  const args: string[] = [...container.args];
  const port = args.indexOf('--http-port');
  if (port < 0) throw new Error(`operator container args have no --http-port: ${args.join(' ')}`);
  args[port + 1] = '0';
  return new Process('dynamo-iac operator', process.execPath, [CLI, ...args], env);
}

/** Waits for the operator's /readyz (the Deployment's readinessProbe) to answer 200. */
export async function waitOperatorReady(operator: Process): Promise<void> {
  const port = await poll(
    'the operator HTTP port',
    () => {
      if (!operator.running) throw new Error(`the operator exited\n${operator.tail()}`);
      const line = operator.log
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l))
        .find((l) => l.msg === 'serving /metrics, /healthz, /readyz');
      return line?.port as number | undefined;
    },
    { context: () => operator.tail() },
  );
  await poll(
    'the operator /readyz',
    async () => ((await fetch(`http://127.0.0.1:${port}/readyz`)).status === 200 ? true : undefined),
    { context: () => operator.tail() },
  );
}
