/** `dynamo-iac platform`: the runtime operator's install manifests (src/render/platform.ts). */
import { Command, InvalidArgumentError } from 'commander';
import type { Problem } from '../api/problems';
import type { PlatformOptions } from '../render/platform-options';
import { DEFAULT_ETCD_IMAGE, DEFAULT_NATS_IMAGE } from '../render/platform-infra';
import { DEFAULT_OPERATOR_IMAGE_REPOSITORY } from '../render/operator-image';
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
    .option('--create-namespace', 'render the Namespace (default in cluster scope)')
    .option('--no-create-namespace', 'leave the Namespace out (it is managed elsewhere)')
    .option(
      '--image <ref>',
      `operator image (default: ${DEFAULT_OPERATOR_IMAGE_REPOSITORY}:<version>, where a release publishes it; build your own from the Dockerfile, see below)`,
    )
    .option(
      '--image-pull-policy <policy>',
      'Always, IfNotPresent or Never (default: Always for a latest or untagged image, else IfNotPresent)',
    )
    .option(
      '--image-pull-secret <name>',
      "a docker-registry Secret in the operator's namespace to pull its image with (repeatable)",
      (v: string, previous: string[] = []) => [...previous, v],
    )
    .option('--crds', 'include the CustomResourceDefinitions (default in cluster scope)')
    .option('--no-crds', 'leave out the CustomResourceDefinitions (installed elsewhere, e.g. by `dynamo-iac crds`)')
    .option(
      '--read-nodes',
      'namespace scope: let the operator get Nodes for kvTransferPolicy topology labels (a ClusterRole and ClusterRoleBinding: needs cluster permissions)',
    )
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
Scope:
  cluster (default): the Namespace, the CRDs, ClusterRoles for the operator and for the graphs'
    planner and EPP (dynamo-planner, epp-cluster-role). Needs cluster-admin to apply.
  namespace: for users with namespace-level permissions only: nothing cluster-scoped by default
    (no Namespace, CRDs or node reader; add them with --create-namespace, --crds, --read-nodes).
    The CRDs must then be installed by someone who may (dynamo-iac crds). Render the graphs with
    the setting operatorScope: namespace.

The operator image is built from the Dockerfile at the root of this package's repository:
  docker build -t registry.example.com/dynamo-iac-operator:<version> . && docker push ...
  dynamo-iac platform --image registry.example.com/dynamo-iac-operator:<version>

Example:
  dynamo-iac platform --namespace dynamo-system | kubectl apply --server-side -f -
  dynamo-iac platform --scope namespace --namespace team-a | kubectl apply --server-side -f -
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
  [/^imagePullPolicy$/, '--image-pull-policy'],
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
  createNamespace?: boolean;
  image?: string;
  imagePullPolicy?: PlatformOptions['imagePullPolicy'];
  imagePullSecret?: string[];
  crds?: boolean;
  readNodes?: boolean;
  monitoring?: boolean;
  nats?: boolean;
  natsImage?: string;
  etcd?: boolean;
  etcdImage?: string;
  storageClass?: string;
  checkpointAgentImage?: string;
  checkpointAgentNamespace?: string;
}
