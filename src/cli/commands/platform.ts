/** What `dynamo-iac platform` does: the runtime operator's install manifests (src/platform/platform.ts). */
import { packageVersion } from '../../package-version';
import { unpublishedImageWarning } from '../../platform/operator-image';
import { renderPlatform } from '../../platform/platform';
import { missingNamespacesLine } from '../../gitops/namespaces';
import { PlatformOptions, platformOptionProblems } from '../../platform/platform-options';
import { FlagOf, flagProblemLines } from '../flag-problems';
import { writeYamlStream } from '../output';
import { dynamoVersionFlag } from '../pipeline';
import { CliError, EXIT_OK, EXIT_USAGE } from '../report';

export function run(_files: string[], opts: PlatformFlags): number {
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
  dynamoVersionFlag(rest.dynamoVersion);
  if (checkpointAgentNamespace && !checkpointAgentImage)
    throw new CliError('dynamo-iac platform: --checkpoint-agent-namespace needs --checkpoint-agent-image', EXIT_USAGE);
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
  const problems = platformOptionProblems(options);
  if (problems.length)
    throw new CliError(flagProblemLines('platform', problems, FLAG_OF, options).join('\n'), EXIT_USAGE);
  const objects = renderPlatform(options);
  writeYamlStream(objects);
  const missing = missingNamespacesLine(
    objects.flatMap((o) => (o.metadata.namespace ? [o.metadata.namespace] : [])),
    objects,
    'add --create-namespace',
  );
  if (missing) process.stderr.write(`${missing}\n`);
  const image = unpublishedImageWarning(options, '--image');
  if (image) process.stderr.write(`warning: ${image}\n`);
  return EXIT_OK;
}

/** The flag each option comes from, so a problem names what the user typed. */
const FLAG_OF: FlagOf = [
  [/^namespace$/, '--namespace'],
  [/^image$/, '--image'],
  [/^imagePullPolicy$/, '--image-pull-policy'],
  [/^imagePullSecrets\[\d+\]$/, '--image-pull-secret'],
  [/^activatorPort$/, '--activator-port'],
  [/^nats\.image$/, '--nats-image'],
  [/^etcd\.image$/, '--etcd-image'],
  [/^(nats|etcd)\.storageClassName$/, '--storage-class'],
  [/^checkpointAgent(\.image)?$/, '--checkpoint-agent-image'],
  [/^checkpointAgent\.namespace$/, '--checkpoint-agent-namespace'],
];

interface PlatformFlags {
  namespace: string;
  scope: 'cluster' | 'namespace';
  createNamespace?: boolean;
  image?: string;
  imagePullPolicy?: PlatformOptions['imagePullPolicy'];
  imagePullSecret?: string[];
  crds?: boolean;
  dynamoVersion?: PlatformOptions['dynamoVersion'];
  readNodes?: boolean;
  monitoring?: boolean;
  /** A number when the flag reads as one, else the text, for the option check to refuse. */
  activatorPort?: number;
  nats?: boolean;
  natsImage?: string;
  etcd?: boolean;
  etcdImage?: string;
  storageClass?: string;
  checkpointAgentImage?: string;
  checkpointAgentNamespace?: string;
}
