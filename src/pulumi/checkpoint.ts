/**
 * DynamoCheckpoint for Pulumi: validated like the cdk8s construct and the CLI (same messages and
 * field paths), then emitted as the `nvidia.com/v1alpha1` record for the runtime operator. Pass
 * it in a graph's `checkpoints` so components can reference it with `checkpointRef`.
 */
import { DEFAULT_NAMESPACE } from '../output/kube-object';
import * as k8s from '@pulumi/kubernetes';
import * as pulumi from '@pulumi/pulumi';
import {
  CHECKPOINT_ANNOTATION,
  CHECKPOINT_API_VERSION,
  CheckpointModel,
  checkpointIdOf,
  DynamoCheckpointSpec,
} from '../api/checkpoint';
import { errorsOf, problemLine } from '../api/problems';
import type { ComponentCheckpointInput } from '../api/input/v1beta1';
import { manifestFromProps } from '../pipeline/manifest-source';
import { checkedLater, PropsShape, shapeProblems, str } from '../api/props-shape';
import { stringInput } from './inputs';
import { renderCheckpointManifest } from '../pipeline/render-manifest';
import { SKIP_AWAIT } from './readiness';
import { PlatformSettings, resolveSettings } from '../api/settings';
import { settingsShape } from '../api/settings-check';

export interface DynamoCheckpointArgs {
  /** `metadata.name`. @default - the component's Pulumi name */
  readonly name?: string;
  /**
   * Graphs that reference the checkpoint must be in this namespace; when it is a `pulumi.Input`,
   * a graph that lists the checkpoint in `checkpoints` is taken to share it.
   * @default 'default'
   */
  readonly namespace?: pulumi.Input<string>;
  /** `metadata.labels`. @default - none */
  readonly labels?: Record<string, string>;
  /** `metadata.annotations`. @default - none */
  readonly annotations?: Record<string, string>;
  /** `nvidia.com/snapshot-artifact-version`: bump it to capture the same identity again. @default '1' */
  readonly artifactVersion?: string;
  /**
   * The platform settings of the graphs that restore from it: their `dynamoVersion` decides
   * whether the release has the kind at all (1.7 has none), as `--dynamo-version` does for the CLI.
   * @default - upstream's defaults (release 1.6)
   */
  readonly settings?: PlatformSettings;
  readonly spec: DynamoCheckpointSpec;
}

/** The runtime check of the args: the spec and metadata are checked in the manifest they make. */
const CHECKPOINT_ARGS_SHAPE: PropsShape<DynamoCheckpointArgs> = {
  name: checkedLater,
  namespace: stringInput,
  labels: checkedLater,
  annotations: checkedLater,
  artifactVersion: str,
  settings: settingsShape,
  spec: checkedLater,
};

/**
 * A worker checkpoint (DynamoCheckpoint) as a Pulumi ComponentResource; pass it to a
 * `DynamoGraphDeployment`'s `checkpoints` and reference it from a component.
 *
 * @example
 * const ckpt = new DynamoCheckpoint('qwen', {
 *   namespace: 'inference',
 *   spec: { identity: { model: 'Qwen/Qwen3-0.6B', backendFramework: 'vllm' },
 *     job: { podTemplateSpec: { spec: { containers: [{ name: 'main', image: 'nvcr.io/nvidia/ai-dynamo/vllm-runtime:0.6.1' }] } } } },
 * });
 *
 * @see https://github.com/ai-dynamo/dynamo/blob/main/docs/kubernetes/api-reference.md (DynamoCheckpoint fields, upstream)
 */
export class DynamoCheckpoint extends pulumi.ComponentResource {
  /** `metadata.name` as emitted. */
  public readonly recordName: string;
  public readonly namespace: pulumi.Output<string>;
  /** The checkpoint ID (identity hash): names the checkpoint Job and labels restored pods. */
  public readonly checkpointId: pulumi.Output<string>;
  /** The validated checkpoint, for graphs that reference it. */
  public readonly model: CheckpointModel;
  /** False when the namespace is a `pulumi.Input` (the model then holds 'default'). */
  public readonly namespaceKnown: boolean;

  constructor(name: string, args: DynamoCheckpointArgs, opts?: pulumi.ComponentResourceOptions) {
    super('dynamo:index:Checkpoint', name, {}, opts);
    const fail = (lines: string[]) =>
      // hideStack: the problem is in the caller's args, not in this library.
      new pulumi.ResourceError(
        `DynamoCheckpoint "${name}": invalid input:\n${lines.map((l) => `  ${l}`).join('\n')}`,
        this,
        true,
      );
    const wrong = shapeProblems(args, CHECKPOINT_ARGS_SHAPE, { what: 'args' });
    if (wrong.length) throw fail(wrong.map((p) => problemLine(p)));
    this.recordName = args.name ?? name;
    const annotations =
      args.artifactVersion === undefined
        ? args.annotations
        : { ...(args.annotations ?? {}), [CHECKPOINT_ANNOTATION.artifactVersion]: args.artifactVersion };
    this.namespaceKnown = args.namespace === undefined || typeof args.namespace === 'string';
    const plainNamespace = typeof args.namespace === 'string' ? args.namespace : DEFAULT_NAMESPACE;
    const meta = { name: this.recordName, namespace: plainNamespace, labels: args.labels, annotations };
    const source = manifestFromProps('DynamoCheckpoint', name, meta, args.spec, CHECKPOINT_API_VERSION);
    if (source.problems.length) throw fail(source.problems.map((p) => problemLine(p)));
    const rendered = renderCheckpointManifest(source.manifest, { settings: resolveSettings(args.settings) });
    const errors = errorsOf(rendered.problems);
    if (errors.length || !rendered.model) throw fail(errors.map((p) => problemLine(p)));
    for (const w of rendered.problems) pulumi.log.warn(`${w.path}: ${w.message}`, this);
    this.model = rendered.model;
    const record = rendered.objects[0];
    new k8s.apiextensions.CustomResource(
      `${name}/${this.recordName}`,
      {
        ...record,
        // Only the runtime operator writes the status.
        metadata: {
          ...record.metadata,
          namespace: this.namespaceKnown ? record.metadata.namespace : args.namespace,
          annotations: { ...(record.metadata.annotations ?? {}), [SKIP_AWAIT]: 'true' },
        },
      },
      { parent: this, dependsOn: opts?.dependsOn },
    );
    this.namespace = pulumi.output(args.namespace ?? DEFAULT_NAMESPACE);
    this.checkpointId = pulumi.output(checkpointIdOf(this.model));
    this.registerOutputs({ recordName: this.recordName, namespace: this.namespace, checkpointId: this.checkpointId });
  }

  /** `experimental.checkpoint` for a v1beta1 component that restores from this checkpoint. */
  public ref(opts: { readonly targetContainerName?: string } = {}): ComponentCheckpointInput {
    return {
      enabled: true,
      checkpointRef: this.recordName,
      ...(opts.targetContainerName ? { targetContainerName: opts.targetContainerName } : {}),
    };
  }
}
