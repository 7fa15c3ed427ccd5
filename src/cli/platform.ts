/** `dynamo-iac platform`: the runtime operator's install manifests (src/render/platform.ts). */
import { Command, InvalidArgumentError } from 'commander';
import type { Problem } from '../api/problems';
import type { PlatformOptions } from '../render/platform-options';
import { DEFAULT_ETCD_IMAGE, DEFAULT_NATS_IMAGE } from '../render/platform-infra';
import { writeYamlStream } from './output';
import { packageVersion } from '../package-version';
import { CliError, EXIT_USAGE } from './report';

export function platformCommand(): Command {
  return new Command('platform')
    .description(
      'Print the runtime operator install manifests (CRDs, RBAC, Deployment, Service, monitoring) as multi-document YAML',
    )
    .option(
      '--namespace <ns>',
      'namespace of the operator (and, in namespace scope, the one it manages)',
      'dynamo-system',
    )
    .option(
      '--scope <scope>',
      'cluster or namespace',
      (v: string) => {
        if (v !== 'cluster' && v !== 'namespace') throw new InvalidArgumentError('expected cluster or namespace');
        return v;
      },
      'cluster',
    )
    .option('--image <ref>', 'operator image (default: the release image of this version)')
    .option(
      '--image-pull-secret <name>',
      "a docker-registry Secret in the operator's namespace to pull its image with (repeatable)",
      (v: string, previous: string[] = []) => [...previous, v],
    )
    .option('--no-crds', 'leave out the CustomResourceDefinitions (installed elsewhere)')
    .option('--monitoring', 'add a Prometheus Operator ServiceMonitor and a Grafana dashboard ConfigMap')
    .option('--nats', "add NATS with JetStream (StatefulSet dynamo-platform-nats) for Dynamo's runtime")
    .option('--nats-image <ref>', `NATS image (default ${DEFAULT_NATS_IMAGE})`)
    .option('--etcd', "add etcd (StatefulSet dynamo-platform-etcd) for Dynamo's runtime")
    .option('--etcd-image <ref>', `etcd image (default ${DEFAULT_ETCD_IMAGE})`)
    .option('--storage-class <name>', 'StorageClass of the NATS and etcd volumes (default: the cluster default)')
    .option(
      '--checkpoint-agent-image <ref>',
      'deploy the privileged checkpoint node agent with this image (in its own namespace, Pod Security privileged)',
    )
    .option(
      '--checkpoint-agent-namespace <ns>',
      'namespace of the checkpoint agent (default: <namespace>-checkpoint-agent)',
    )
    .addHelpText(
      'after',
      `
Example:
  dynamo-iac platform --namespace dynamo-system | kubectl apply --server-side -f -
  dynamo-iac platform --nats --etcd   # graphs then use settings natsAddress / etcdAddress:
                                      # nats://dynamo-platform-nats.<ns>.svc.cluster.local:4222
                                      # dynamo-platform-etcd.<ns>.svc.cluster.local:2379`,
    )
    .action((opts: PlatformFlags) => {
      const {
        nats,
        natsImage,
        etcd,
        etcdImage,
        storageClass,
        checkpointAgentImage,
        checkpointAgentNamespace,
        imagePullSecret,
        ...rest
      } = opts;
      if ((natsImage && !nats) || (etcdImage && !etcd))
        throw new CliError('dynamo-iac platform: --nats-image needs --nats, and --etcd-image needs --etcd', EXIT_USAGE);
      if (checkpointAgentNamespace && !checkpointAgentImage)
        throw new CliError(
          'dynamo-iac platform: --checkpoint-agent-namespace needs --checkpoint-agent-image',
          EXIT_USAGE,
        );
      const options: PlatformOptions = {
        ...rest,
        imagePullSecrets: imagePullSecret,
        nats: nats ? { image: natsImage, storageClassName: storageClass } : undefined,
        etcd: etcd ? { image: etcdImage, storageClassName: storageClass } : undefined,
        checkpointAgent: checkpointAgentImage
          ? {
              image: checkpointAgentImage,
              ...(checkpointAgentNamespace ? { namespace: checkpointAgentNamespace } : {}),
            }
          : undefined,
        version: packageVersion(),
      };
      const { platformOptionProblems } =
        require('../render/platform-options') as typeof import('../render/platform-options');
      const problems = platformOptionProblems(options);
      if (problems.length) throw new CliError(flagProblems(problems, options).join('\n'), EXIT_USAGE);
      const { renderPlatform } = require('../render/platform') as typeof import('../render/platform');
      writeYamlStream(renderPlatform(options));
    });
}

/** The flag each option comes from, so a problem names what the user typed. */
const FLAG_OF: [RegExp, string][] = [
  [/^namespace$/, '--namespace'],
  [/^image$/, '--image'],
  [/^imagePullSecrets\[\d+\]$/, '--image-pull-secret'],
  [/^nats\.image$/, '--nats-image'],
  [/^etcd\.image$/, '--etcd-image'],
  [/^(nats|etcd)\.storageClassName$/, '--storage-class'],
  [/^checkpointAgent\.image$/, '--checkpoint-agent-image'],
  [/^checkpointAgent\.namespace$/, '--checkpoint-agent-namespace'],
];

/** `dynamo-iac platform: --flag "value": message` lines, once each (--storage-class feeds both NATS and etcd). */
function flagProblems(problems: readonly Problem[], options: PlatformOptions): string[] {
  const lines = problems.map((p) => {
    const flag = FLAG_OF.find(([path]) => path.test(p.path))?.[1] ?? p.path;
    const value = p.path
      .split(/[.[\]]+/)
      .filter(Boolean)
      .reduce<unknown>((v, k) => (v as Record<string, unknown>)?.[k], options);
    return `dynamo-iac platform: ${flag}${value === undefined ? '' : ` ${JSON.stringify(value)}`}: ${p.message}`;
  });
  return [...new Set(lines)];
}

interface PlatformFlags {
  namespace: string;
  scope: 'cluster' | 'namespace';
  image?: string;
  imagePullSecret?: string[];
  crds: boolean;
  monitoring?: boolean;
  nats?: boolean;
  natsImage?: string;
  etcd?: boolean;
  etcdImage?: string;
  storageClass?: string;
  checkpointAgentImage?: string;
  checkpointAgentNamespace?: string;
}
