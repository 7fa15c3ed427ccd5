/** `dynamo-iac platform`: the runtime operator's install manifests (src/render/platform.ts). */
import * as fs from 'fs';
import * as path from 'path';
import { Command, InvalidArgumentError } from 'commander';
import { renderPlatform } from '../render/platform';
import { toYamlStream } from './output';

export function platformCommand(): Command {
  return new Command('platform')
    .description('Print the runtime operator install manifests (CRDs, RBAC, Deployment, Service, monitoring) as multi-document YAML')
    .option('--namespace <ns>', 'namespace of the operator (and, in namespace scope, the one it manages)', 'dynamo-system')
    .option('--scope <scope>', 'cluster or namespace', (v: string) => {
      if (v !== 'cluster' && v !== 'namespace') throw new InvalidArgumentError('expected cluster or namespace');
      return v;
    }, 'cluster')
    .option('--image <ref>', 'operator image (default: the release image of this version)')
    .option('--no-crds', 'leave out the CustomResourceDefinitions (installed elsewhere)')
    .option('--monitoring', 'add a Prometheus Operator ServiceMonitor and a Grafana dashboard ConfigMap')
    .option('--checkpoint-agent-image <ref>', 'deploy the privileged checkpoint node agent with this image (in its own namespace, Pod Security privileged)')
    .option('--checkpoint-agent-namespace <ns>', 'namespace of the checkpoint agent (default: <namespace>-checkpoint-agent)')
    .addHelpText('after', `
Example:
  dynamo-iac platform --namespace dynamo-system | kubectl apply --server-side -f -`)
    .action((opts: { namespace: string; scope: 'cluster' | 'namespace'; image?: string; crds: boolean; monitoring?: boolean; checkpointAgentImage?: string; checkpointAgentNamespace?: string }) => {
      const { checkpointAgentImage, checkpointAgentNamespace, ...rest } = opts;
      const checkpointAgent = checkpointAgentImage ? { image: checkpointAgentImage, ...(checkpointAgentNamespace ? { namespace: checkpointAgentNamespace } : {}) } : undefined;
      process.stdout.write(toYamlStream(renderPlatform({ ...rest, ...(checkpointAgent ? { checkpointAgent } : {}), version: packageVersion() })));
    });
}

function packageVersion(): string {
  const file = path.join(__dirname, '..', '..', 'package.json');
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string }).version;
}
