/**
 * The command table: each command's name, summary, arguments, options and help, and the module
 * that does its work (src/cli/commands/<name>.ts), loaded only when that command runs, so
 * `--help` and each command pay only for their own code (test/cli/loading.test.ts).
 */
import { InvalidArgumentError } from 'commander';
import { DEFAULT_NAMESPACE } from '../output/kube-object';
import { AIC_PACKAGE, AIC_VERSION } from '../plan/aiconfigurator/tool';
import { NO_NAMESPACE_DIR } from '../output/object-dir';
import { DEFAULT_LOCK_FILE, PLAN_ARTIFACT_DIR } from '../plan/lock-names';
import { DEFAULT_OPERATOR_IMAGE_REPOSITORY } from '../platform/operator-image';
import { DEFAULT_ETCD_IMAGE, DEFAULT_NATS_IMAGE } from '../platform/platform-infra';

/** What a command does; the program sets the exit code it returns. */
export interface CommandModule {
  /** `files` are the command's arguments (none for commands without); `options` are commander's values. */
  run(files: string[], options: object): number | Promise<number>;
}

export interface OptionSpec {
  /** As commander reads them: `-o, --output <dir>`, `--no-crds`. */
  readonly flags: string;
  readonly description: string;
  /** Checks and converts a value; `previous` is the value so far (repeatable options collect). */
  readonly parse?: (value: string, previous: never) => unknown;
  readonly default?: string;
  readonly required?: boolean;
}

export interface CommandSpec {
  readonly name: string;
  /** The line `dynamo-iac --help` lists. */
  readonly summary: string;
  /** The one argument of the commands that take files, e.g. `<file...>`. */
  readonly argument?: { readonly name: string; readonly description: string };
  readonly options: readonly OptionSpec[];
  /** Printed after the options by `<command> --help`. */
  readonly help?: string;
  /** The command's module, required only when it runs. */
  readonly load: () => CommandModule;
}

/** A value among a few words, e.g. `--scope cluster|namespace`; anything else is a usage error. */
function oneOf(...values: string[]): (value: string) => string {
  return (value) => {
    if (!values.includes(value)) throw new InvalidArgumentError(`expected ${values.join(' or ')}`);
    return value;
  };
}

/** An option given once per value (`--import a --import b`). */
const repeatable = (value: string, previous: string[] = []) => [...previous, value];
/** Digits as a number; anything else stays text, for the library's option check to name. */
const numberOrText = (value: string): number | string => (/^\d+$/.test(value) ? Number(value) : value);

const FILES =
  'YAML or JSON manifests (multi-document allowed), or directories: their .yaml, .yml and .json files, as kubectl apply -f reads them; - reads stdin';
const NAMESPACE: OptionSpec = {
  flags: '-n, --namespace <ns>',
  description: 'namespace for inputs without metadata.namespace',
  default: DEFAULT_NAMESPACE,
};
const DYNAMO_VERSION: OptionSpec = {
  flags: '--dynamo-version <release>',
  // Checked where it is used (pipeline.ts), so --help does not load the settings module.
  description:
    "the Dynamo release to render as (1.7 default, 1.6): the operator version stamped as a new graph's origin, and the kinds the release has; overrides the settings' dynamoVersion",
};
/** The platform's and `crds`' flag: which release's CRDs. */
const CRD_RELEASE: OptionSpec = {
  flags: '--dynamo-version <release>',
  description:
    "the Dynamo release whose CRDs to include (1.7 default: no DynamoCheckpoint, the search's Run and Candidate; 1.6: DynamoCheckpoint, no search); match the graphs'",
};
const LOCK: OptionSpec = {
  flags: '--lock <file>',
  description: 'plan lock that DynamoGraphDeploymentRequests render from (written by dynamo-iac plan)',
  default: DEFAULT_LOCK_FILE,
};
const SETTINGS_DESCRIPTION = 'platform settings (YAML or JSON PlatformSettings)';
const ONLY_DYNAMO: OptionSpec = {
  flags: '--only-dynamo',
  description:
    'refuse documents that are not Dynamo kinds (by default a ConfigMap, PVC, Secret or CRD object beside a graph is checked and passed through unchanged)',
};
const RECURSIVE: OptionSpec = {
  flags: '-R, --recursive',
  description: 'read the subdirectories of a directory argument too (as kubectl apply -R -f)',
};
const SCOPE = oneOf('cluster', 'namespace');

const render: CommandSpec = {
  name: 'render',
  summary:
    'Render Dynamo manifests (DynamoGraphDeployment, DynamoComponentDeployment, DynamoGraphDeploymentRequest, DynamoModel, DynamoCheckpoint) into Kubernetes objects',
  argument: { name: '<file...>', description: FILES },
  options: [
    {
      flags: '-o, --output <dir>',
      description: `write one file per object: <dir>/<namespace>/<kind>-<name>.yaml (${NO_NAMESPACE_DIR}/ for objects without a namespace)`,
    },
    {
      flags: '--force',
      description:
        'with -o: replace a <dir> that holds files dynamo-iac wrote (--layout gitops: take over a graphs/ dynamo-iac did not write)',
    },
    {
      flags: '--layout <layout>',
      description:
        'with -o: flat (<dir>/<namespace>/<kind>-<name>.yaml) or gitops (<dir>/graphs/<namespace>/<graph>/, kustomization.yaml per directory)',
      parse: oneOf('flat', 'gitops'),
      default: 'flat',
    },
    NAMESPACE,
    { flags: '--settings <file>', description: SETTINGS_DESCRIPTION },
    DYNAMO_VERSION,
    LOCK,
    ONLY_DYNAMO,
    RECURSIVE,
    {
      flags: '--no-graph-record',
      description:
        'leave out the DynamoGraphDeployment / DynamoComponentDeployment records (clusters without the nvidia.com CRDs)',
    },
  ],
  help: `
Output is multi-document YAML with sorted keys: the same input always gives the same bytes.
Documents of other kinds in the inputs (ConfigMap, PVC, Secret, ResourceClaimTemplate, a
CRD's kinds) are checked and passed through unchanged, in input order, before the rendered
objects, so what the graph's pods mount or claim is applied first; a namespaced Kubernetes
kind without a namespace gets --namespace. --only-dynamo refuses them instead.
A directory argument is read as kubectl apply -f reads one: its .yaml, .yml and .json
files in lexical order (hidden ones skipped), each as if named on the command line;
-R reads its subdirectories too. Its files together are bounded like one file (10 MiB).
With -o, everything is rendered before anything is written, into a temporary
directory next to <dir> (.<dir>.dynamo-iac.tx) that is renamed into place, so a failure
leaves no half-written <dir> behind, and a killed run is finished by the next.
An existing empty <dir> is replaced; a non-empty one only with --force, and only when
every file in it is one dynamo-iac writes (<namespace>/<kind>-<name>.yaml): other files
are listed and nothing is written. A <dir> that is or holds the working directory, a
.git or an input file is always refused, and so is one inside a directory read with -R:
-o never deletes what it did not write, nor writes what the next run would read.
With --layout gitops only <dir>/graphs/ is written, file by file: unchanged files are kept
as they are, files no longer rendered are removed and listed, the rest of <dir> is left
alone. \`dynamo-iac gitops\` writes the whole repository (crds/, platform/, graphs/, flux/).

Examples:
  dynamo-iac render graph.yaml > rendered.yaml
  dynamo-iac render examples/backends/vllm/deploy/
  dynamo-iac render -n inference agg.yaml disagg.yaml
  cat graph.yaml | dynamo-iac render -
  kubectl kustomize overlays/prod | dynamo-iac render -
  dynamo-iac render --settings platform.yaml -o manifests/ --force graphs/*.yaml
  dynamo-iac render -o deploy/ --layout gitops graphs/*.yaml`,
  load: () => require('./commands/render') as typeof import('./commands/render'),
};

const validate: CommandSpec = {
  name: 'validate',
  summary: 'Check manifests the way render does, without printing objects',
  argument: { name: '<file...>', description: FILES },
  options: [
    NAMESPACE,
    { flags: '--settings <file>', description: `${SETTINGS_DESCRIPTION}; some rules depend on them` },
    DYNAMO_VERSION,
    LOCK,
    ONLY_DYNAMO,
    RECURSIVE,
  ],
  help: `
Prints one line per problem on stderr (<file>: <field path>: <message>) and, on
success, a one-line summary on stderr. stdout stays empty.

A DynamoGraphDeploymentRequest is checked for its shape first; one that passes
but that the lock has no plan for fails with "spec: valid, but not planned: ..."
(exit 1, as render would): run dynamo-iac plan on it.

Examples:
  dynamo-iac validate graphs/*.yaml
  dynamo-iac validate -R graphs/
  dynamo-iac validate --settings platform.yaml graph.yaml`,
  load: () => require('./commands/validate') as typeof import('./commands/validate'),
};

const plan: CommandSpec = {
  name: 'plan',
  summary: 'Plan DynamoGraphDeploymentRequests: run the SLA search and record the chosen graph in the lock file',
  argument: {
    name: '<file...>',
    description:
      'YAML or JSON manifests; the DynamoGraphDeploymentRequests in them are planned, other kinds are ignored',
  },
  options: [
    {
      flags: '--lock <file>',
      description: 'the lock file to update; its plan pictures and tables go to dynamo-plan/ next to it',
      default: DEFAULT_LOCK_FILE,
    },
    { flags: '--refresh', description: 'search again even for requests the lock already has' },
    {
      flags: '--import <file>',
      description:
        "a finished profiling Job's output ConfigMap (kubectl get configmap dgdr-output-<name> -o yaml) for a searchStrategy: thorough request; repeatable",
      parse: repeatable,
    },
    NAMESPACE,
    {
      flags: '--settings <file>',
      description: 'platform settings the generated graphs are validated with (YAML or JSON PlatformSettings)',
    },
  ],
  help: `
searchStrategy: rapid runs ${AIC_PACKAGE} ${AIC_VERSION} (an offline simulation, no GPU
needed) in a Python venv created under ~/.cache/dynamo-iac on first use (Python 3.11-3.13;
DYNAMO_IAC_PYTHON picks one, DYNAMO_IAC_CACHE_DIR moves the cache). A request is searched
again only when its search inputs change (model, backend, GPUs, workload, SLA) or with
--refresh; image, model cache, planner, overrides and names apply at render time.

Writes, only when every request planned:
  <lock>                                   the lock: commit it; render, gitops and synth read it
  ${PLAN_ARTIFACT_DIR}/<namespace>/<name>/plan.md          agg vs disagg, the choice, latency vs the SLA
  ${PLAN_ARTIFACT_DIR}/<namespace>/<name>/pareto.svg       the Pareto frontier
  ${PLAN_ARTIFACT_DIR}/<namespace>/<name>/dynamo-graph-deployment.yaml   the generated graph, for review

searchStrategy: thorough is profiled on GPUs in the cluster: render deploys the profiling
Job; import its output ConfigMap with --import when it has finished.

Examples:
  dynamo-iac plan requests/*.yaml
  dynamo-iac plan --refresh requests/qwen.yaml
  dynamo-iac plan --import output.yaml requests/llama-thorough.yaml`,
  load: () => require('./commands/plan') as typeof import('./commands/plan'),
};

const krm: CommandSpec = {
  name: 'krm',
  summary:
    'Run as a KRM function (kustomize exec function, kpt): render the Dynamo objects of a ResourceList on stdin, pass the others through',
  options: [],
  help: `
Reads a ResourceList (config.kubernetes.io/v1) on stdin and writes one on stdout, exactly
as \`dynamo-iac render -\` renders the items: each Dynamo object (nvidia.com) is replaced by
the Kubernetes objects it renders; every other item is checked and passes through unchanged,
before them (kustomize's annotations kept). Settings come from the functionConfig's spec
(all optional):
  namespace: <ns>        namespace for objects without one (default: default)
  settings: {...}        PlatformSettings, inline
  graphRecord: false     leave out the DynamoGraphDeployment / DynamoComponentDeployment records
  lock: <file>           plan lock for DynamoGraphDeploymentRequests (default: ${DEFAULT_LOCK_FILE})
Problems go to the output's results (severity, message, resourceRef, field.path) and,
one line each, to stderr; the exit code is then 1.

In kustomize (kustomize build --enable-alpha-plugins --enable-exec), list this file under
transformers: in the kustomization.yaml (docs/kustomize-krm.md):
  apiVersion: dynamo-iac.io/v1alpha1
  kind: DynamoRender
  metadata:
    name: render
    annotations:
      config.kubernetes.io/function: |
        exec:
          path: ./node_modules/.bin/dynamo-iac
          args: [krm]
  spec:
    namespace: inference`,
  load: () => require('./commands/krm') as typeof import('./commands/krm'),
};

const gitops: CommandSpec = {
  name: 'gitops',
  summary:
    'Render graphs, the runtime operator and the CRDs into a layered repository for Flux or Argo CD (crds/, platform/, graphs/)',
  argument: {
    name: '[file...]',
    description: `${FILES}; none: only crds/ and platform/`,
  },
  options: [
    {
      flags: '-o, --output <dir>',
      description:
        '(required) repository directory; only its crds/, platform/, graphs/ (and flux/ or argocd/) are written',
      required: true,
    },
    { flags: '--force', description: 'replace layer directories that dynamo-iac did not write' },
    {
      flags: '--keep-symlinks',
      description:
        'keep symbolic links found inside the layers as they are (refused otherwise: one may point outside <dir>)',
    },
    {
      flags: '--retire-previous',
      description:
        "drop the previous worker generations the output still carries beside the current one ('commits' rollouts: once the current one is Ready)",
    },
    NAMESPACE,
    { flags: '--settings <file>', description: SETTINGS_DESCRIPTION },
    DYNAMO_VERSION,
    LOCK,
    ONLY_DYNAMO,
    RECURSIVE,
    {
      flags: '--no-graph-record',
      description: 'leave out the DynamoGraphDeployment / DynamoComponentDeployment records',
    },
    { flags: '--no-platform', description: 'leave out platform/ (the runtime operator is installed elsewhere)' },
    {
      flags: '--no-crds',
      description: 'leave out crds/ (the CRDs are owned elsewhere, e.g. by an upstream operator)',
    },
    {
      flags: '--platform-namespace <ns>',
      description:
        'namespace of the runtime operator (default: dynamo-system); with --scope namespace repeat it for one operator per namespace',
      parse: repeatable,
    },
    {
      flags: '--scope <scope>',
      description: 'runtime operator scope: cluster or namespace',
      parse: SCOPE,
      default: 'cluster',
    },
    {
      flags: '--image <ref>',
      description: `runtime operator image (default: ${DEFAULT_OPERATOR_IMAGE_REPOSITORY}:<version>, which no release has published yet: build your own, see \`dynamo-iac platform --help\`)`,
    },
    {
      flags: '--monitoring',
      description: 'add the operator ServiceMonitor and Grafana dashboard ConfigMap to platform/',
    },
    {
      flags: '--activator-port <port>',
      description: "run scale to zero's activator on this port, with its Service, in platform/ (as `platform` does)",
      parse: numberOrText,
    },
    {
      flags: '--create-namespaces',
      description:
        'add a Namespace (never pruned by Flux or Argo CD) for the operator and every graph namespace to platform/ (default in cluster scope, as `platform` does)',
    },
    {
      flags: '--no-create-namespaces',
      description: 'leave the Namespaces out (they are managed elsewhere; a line names the ones the output needs)',
    },
    {
      flags: '--flux-url <url>',
      description:
        'also write flux/: a GitRepository (https://, ssh://) or OCIRepository (oci://) and one Kustomization per layer',
    },
    {
      flags: '--flux-ref <ref>',
      description: 'with --flux-url: Git branch (default main) or OCI tag (default latest)',
    },
    {
      flags: '--flux-path <path>',
      description: 'with --flux-url: where <dir> is inside that repository or artifact',
      default: '.',
    },
    {
      flags: '--flux-name <name>',
      description: 'with --flux-url: name of the source and prefix of the Kustomizations',
      default: 'dynamo',
    },
    {
      flags: '--flux-namespace <ns>',
      description: 'with --flux-url: namespace of the Flux objects',
      default: 'flux-system',
    },
    { flags: '--flux-secret <name>', description: 'with --flux-url: Secret with the source credentials' },
    {
      flags: '--argocd-url <url>',
      description:
        'instead of Flux, write argocd/: an Argo CD app of apps syncing one Application per layer in sync waves, and the health checks (Git: https://, ssh://, git@host:path, file://; oci://)',
    },
    { flags: '--argocd-ref <revision>', description: 'with --argocd-url: branch, tag or commit', default: 'main' },
    {
      flags: '--argocd-path <path>',
      description: 'with --argocd-url: where <dir> is inside that repository',
      default: '.',
    },
    {
      flags: '--argocd-name <name>',
      description: 'with --argocd-url: name of the root Application and prefix of the others',
      default: 'dynamo',
    },
    {
      flags: '--argocd-namespace <ns>',
      description: 'with --argocd-url: namespace Argo CD runs in',
      default: 'argocd',
    },
    {
      flags: '--argocd-project <project>',
      description: 'with --argocd-url: AppProject of the Applications',
      default: 'default',
    },
    {
      flags: '--argocd-server <url>',
      description: 'with --argocd-url: API server URL of the destination cluster',
      default: 'https://kubernetes.default.svc',
    },
  ],
  help: `
Layout (every directory has a kustomization.yaml listing its contents, sorted;
one file per object, <kind>-<name>.yaml):
  <dir>/crds/                        CustomResourceDefinitions
  <dir>/platform/                    the runtime operator's cluster-scoped objects, Namespaces
  <dir>/platform/<namespace>/        the runtime operator (dynamo-iac platform), per namespace
  <dir>/graphs/<namespace>/<graph>/  everything one graph renders
  <dir>/graphs/<namespace>/_shared/  objects several graphs share, DynamoModel, DynamoCheckpoint
  <dir>/flux/                        with --flux-url: the Flux objects that sync the layers
  <dir>/argocd/                      with --argocd-url: the root Application (kubectl apply -k <dir>/argocd)
  <dir>/argocd/apps/                 what it syncs: argocd-cm health checks (wave -1), an Application
                                     per layer: crds (wave 0), platform (1), graphs (2)

Everything is rendered before anything is written. The changed layers are built in
<dir>/.dynamo-iac.tx and swapped in together; a run that is killed midway is finished
by the next, and <dir>/.dynamo-iac.lock keeps a second run out. Unchanged files keep
their bytes and mtime, and .yaml files that are no longer rendered are removed (Flux
prunes what they held); your other files in a layer stay.
Nothing outside the layer directories is touched; a layer holding an input, .git or
the working directory, or inside a directory read with -R, is refused. docs/gitops-flux.md
explains the Flux side, docs/gitops-argocd.md the Argo CD side (one engine per repository:
--flux-url or --argocd-url).

Worker rollouts (docs/rollouts.md): when a graph's worker hash changes, the previous
worker generation in <dir> is carried into the new output unchanged and listed in the
record's dynamo-iac.io/worker-hashes, so no prune deletes workers that still serve.
With workerRollout 'operator' the runtime operator drains it and it leaves <dir> at the
next worker change; with 'commits' it stays, at its replicas, until you check the new
generation is Ready and run again with --retire-previous.

Examples:
  dynamo-iac gitops -o deploy/ graphs/*.yaml
  dynamo-iac gitops -o deploy/ --flux-url https://github.com/acme/deploy --flux-path ./clusters/prod graphs/*.yaml
  dynamo-iac gitops -o deploy/ --argocd-url https://github.com/acme/deploy --argocd-path deploy graphs/*.yaml
  kubectl apply --server-side -k deploy/crds && kubectl apply --server-side -k deploy/platform
  dynamo-iac gitops -o deploy/ --settings settings.yaml --retire-previous graphs/*.yaml`,
  load: () => require('./commands/gitops') as typeof import('./commands/gitops'),
};

const argocdCmp: CommandSpec = {
  name: 'argocd-cmp',
  summary:
    'Argo CD Config Management Plugin: render plain Dynamo YAML from Git at sync time (plugin config, discover, generate)',
  argument: { name: '<action>', description: 'plugin, discover or generate' },
  options: [],
  help: `
  plugin    print the plugin configuration (plugin.yaml, kind ConfigManagementPlugin) for
            argocd-cmp-server; its commands run the node and dynamo-iac that printed it, so
            print it from the sidecar's image
  discover  (run by Argo CD) print the .yaml/.yml/.json files under the current directory
            that hold a Dynamo object (nvidia.com)
  generate  (run by Argo CD) render every .yaml/.yml/.json file under the current directory
            (not hidden directories, not ${PLAN_ARTIFACT_DIR}/) as \`dynamo-iac render\` does; objects
            without a namespace get the Application's destination namespace
            (ARGOCD_APP_NAMESPACE); the Application's plugin env SETTINGS names a
            PlatformSettings file in the path (ARGOCD_ENV_SETTINGS); ${DEFAULT_LOCK_FILE} is read
            from the path as render reads it

The sidecar, the ConfigMap that holds plugin.yaml and an Application: docs/gitops-argocd.md.

Example (from the image the sidecar runs):
  docker run --rm <operator image> argocd-cmp plugin > plugin.yaml
  kubectl -n argocd create configmap dynamo-iac-cmp --from-file=plugin.yaml`,
  load: () => require('./commands/argocd-cmp') as typeof import('./commands/argocd-cmp'),
};

const crds: CommandSpec = {
  name: 'crds',
  summary: 'Print the nvidia.com CustomResourceDefinitions as multi-document YAML',
  options: [CRD_RELEASE],
  help: `
Apply them before rendered graphs that include the DynamoGraphDeployment records.

Example:
  dynamo-iac crds | kubectl apply --server-side -f -`,
  load: () => require('./commands/crds') as typeof import('./commands/crds'),
};

const platform: CommandSpec = {
  name: 'platform',
  summary:
    'Print the runtime operator install manifests (CRDs, RBAC, Deployment, Service, monitoring) as multi-document YAML',
  options: [
    {
      flags: '--namespace <ns>',
      description: 'namespace of the operator (and, in namespace scope, the one it manages)',
      default: 'dynamo-system',
    },
    { flags: '--scope <scope>', description: 'cluster or namespace', parse: SCOPE, default: 'cluster' },
    { flags: '--create-namespace', description: 'render the Namespace (default in cluster scope)' },
    { flags: '--no-create-namespace', description: 'leave the Namespace out (it is managed elsewhere)' },
    {
      flags: '--image <ref>',
      description: `operator image (default: ${DEFAULT_OPERATOR_IMAGE_REPOSITORY}:<version>, which no release has published yet; build your own, see below)`,
    },
    {
      flags: '--image-pull-policy <policy>',
      description: 'Always, IfNotPresent or Never (default: Always for a latest or untagged image, else IfNotPresent)',
    },
    {
      flags: '--image-pull-secret <name>',
      description: "a docker-registry Secret in the operator's namespace to pull its image with (repeatable)",
      parse: repeatable,
    },
    { flags: '--crds', description: 'include the CustomResourceDefinitions (default in cluster scope)' },
    {
      flags: '--no-crds',
      description: 'leave out the CustomResourceDefinitions (installed elsewhere, e.g. by `dynamo-iac crds`)',
    },
    CRD_RELEASE,
    {
      flags: '--read-nodes',
      description:
        'namespace scope: let the operator get Nodes for kvTransferPolicy topology labels (a ClusterRole and ClusterRoleBinding: needs cluster permissions)',
    },
    {
      flags: '--monitoring',
      description: 'add a Prometheus Operator ServiceMonitor and a Grafana dashboard ConfigMap',
    },
    {
      flags: '--activator-port <port>',
      description:
        "run scale to zero's activator on this port, with a Service dynamo-iac-operator-activator for clients (docs/scale-to-zero.md)",
      parse: numberOrText,
    },
    { flags: '--nats', description: "add NATS with JetStream (StatefulSet dynamo-platform-nats) for Dynamo's runtime" },
    { flags: '--nats-image <ref>', description: `NATS image (default ${DEFAULT_NATS_IMAGE})` },
    { flags: '--etcd', description: "add etcd (StatefulSet dynamo-platform-etcd) for Dynamo's runtime" },
    { flags: '--etcd-image <ref>', description: `etcd image (default ${DEFAULT_ETCD_IMAGE})` },
    {
      flags: '--storage-class <name>',
      description: 'StorageClass of the NATS and etcd volumes (default: the cluster default)',
    },
    {
      flags: '--checkpoint-agent-image <ref>',
      description:
        'deploy the privileged checkpoint node agent with this image (in its own namespace, Pod Security privileged)',
    },
    {
      flags: '--checkpoint-agent-namespace <ns>',
      description: 'namespace of the checkpoint agent (default: <namespace>-checkpoint-agent)',
    },
  ],
  help: `
Scope:
  cluster (default): the Namespace, the CRDs, ClusterRoles for the operator and for the graphs'
    planner and EPP (dynamo-planner, epp-cluster-role). Needs cluster-admin to apply.
  namespace: for users with namespace-level permissions only: nothing cluster-scoped by default
    (no Namespace, CRDs or node reader; add them with --create-namespace, --crds, --read-nodes).
    The CRDs must then be installed by someone who may (dynamo-iac crds). Render the graphs with
    the setting operatorScope: namespace.

The operator image is not published yet. Build it in a checkout of this package's repository,
without Docker (root, Debian tools; an OCI archive) or with it, and push it to your registry:
  npm run operator-image -- dynamo-iac-operator.tar
  skopeo copy oci-archive:dynamo-iac-operator.tar docker://registry.example.com/dynamo-iac-operator:<version>
  docker build -t registry.example.com/dynamo-iac-operator:<version> . && docker push ...
  dynamo-iac platform --image registry.example.com/dynamo-iac-operator:<version>

Example:
  dynamo-iac platform --namespace dynamo-system | kubectl apply --server-side -f -
  dynamo-iac platform --scope namespace --namespace team-a | kubectl apply --server-side -f -
  dynamo-iac platform --nats --etcd   # graphs then use settings natsAddress / etcdAddress:
                                      # nats://dynamo-platform-nats.<ns>.svc.cluster.local:4222
                                      # dynamo-platform-etcd.<ns>.svc.cluster.local:2379`,
  load: () => require('./commands/platform') as typeof import('./commands/platform'),
};

const operator: CommandSpec = {
  name: 'operator',
  summary: 'Run the runtime operator (--kubeconfig, KUBECONFIG, in-cluster config or ~/.kube/config) until SIGTERM',
  options: [
    {
      flags: '--kubeconfig <file>',
      description: 'kubeconfig file (default: KUBECONFIG, then the in-cluster service account, then ~/.kube/config)',
    },
    { flags: '--context <name>', description: 'kubeconfig context (default: its current context)' },
    { flags: '--scope <scope>', description: 'cluster (default) or namespace' },
    {
      flags: '--namespace <ns>',
      description: 'namespace to manage in namespace scope; holds the leases (default: $POD_NAMESPACE)',
    },
    { flags: '--identity <name>', description: 'leader-election identity (default: $POD_NAME or the host name)' },
    { flags: '--http-port <port>', description: '/metrics, /healthz and /readyz port (default 8080)' },
    { flags: '--leader-elect <bool>', description: 'true (default) or false' },
    { flags: '--lease-duration <d>', description: 'namespace-scope lease duration (default 30s)' },
    { flags: '--lease-renew-interval <d>', description: 'namespace-scope lease renew interval (default 10s)' },
    {
      flags: '--model-endpoint-port <port>',
      description: 'LoRA API port on model workers (default 9090), or "endpointslice" for the port the slices publish',
    },
    { flags: '--checkpoint-pvc-name <name>', description: 'PVC checkpoint Jobs write to (default snapshot-pvc)' },
    {
      flags: '--checkpoint-base-path <path>',
      description: 'where checkpoint artifacts go on that PVC (default /checkpoints)',
    },
    {
      flags: '--activator-port <port>',
      description: "scale to zero's activator: hold requests for graphs at zero on this port (default: off)",
    },
  ],
  load: () => require('./commands/operator') as typeof import('./commands/operator'),
};

/** In the order `dynamo-iac --help` lists them. */
export const COMMANDS: readonly CommandSpec[] = [
  render,
  validate,
  plan,
  gitops,
  krm,
  argocdCmp,
  crds,
  platform,
  operator,
];
