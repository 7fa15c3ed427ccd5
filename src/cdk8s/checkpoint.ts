/**
 * The DynamoCheckpoint construct: a standalone checkpoint (identity + the Job's pod) that graph
 * components restore from by name. It synthesizes the checkpoint record; the runtime operator
 * runs the checkpoint Job. `ref()` is the type-safe way for a component to point at it.
 */
import { checkedLater, PropsShape, shapeProblems, str } from '../api/props-shape';
import { Chart } from 'cdk8s';
import { Construct, IConstruct } from 'constructs';
import {
  CHECKPOINT_ANNOTATION,
  CHECKPOINT_API_VERSION,
  CheckpointModel,
  checkpointIdOf,
  DynamoCheckpointSpec,
} from '../api/checkpoint';
import { errorsOf, problemLine } from '../api/problems';
import type { ComponentCheckpointInput } from '../api/input/v1beta1';
import {
  GraphMetadataProps,
  isManifestSource,
  manifestFromFile,
  manifestFromProps,
  ManifestSource,
  GRAPH_METADATA_SHAPE,
} from '../pipeline/manifest-source';
import { renderCheckpointManifest } from '../pipeline/render-manifest';
import { addObjects } from './object-registry';
import { addWarnings } from './warnings';
import { platformSettingsOf } from './settings';

/** Valid checkpoints per App root, in declaration order. */
const declared = new WeakMap<IConstruct, CheckpointModel[]>();

export interface DynamoCheckpointProps extends GraphMetadataProps {
  readonly spec: DynamoCheckpointSpec;
  /**
   * `nvidia.com/snapshot-artifact-version`: bump it to capture the same identity again.
   * @default '1'
   */
  readonly artifactVersion?: string;
}

/**
 * A checkpoint of a worker (`DynamoCheckpoint`): taken once by the runtime operator's checkpoint
 * Job, restored by the components that reference it with `ref()` instead of cold-starting.
 *
 * @example
 * const ckpt = new DynamoCheckpoint(chart, 'qwen', {
 *   spec: {
 *     identity: { model: 'Qwen/Qwen3-0.6B', backendFramework: 'vllm' },
 *     job: { podTemplateSpec: { spec: { containers: [{ name: 'main', image: 'nvcr.io/nvidia/ai-dynamo/vllm-runtime:0.6.1' }] } } },
 *   },
 * });
 * // on the worker: experimental: { checkpoint: ckpt.ref() }
 *
 * @see https://github.com/ai-dynamo/dynamo/blob/main/docs/kubernetes/api-reference.md (DynamoCheckpoint fields, upstream)
 */
export class DynamoCheckpoint extends Construct {
  /** Adopts an existing DynamoCheckpoint manifest as it is. */
  public static fromManifest(scope: Construct, id: string, manifest: unknown): DynamoCheckpoint {
    return new DynamoCheckpoint(scope, id, { manifest, problems: [] });
  }

  /** Adopts the single DynamoCheckpoint in a YAML or JSON file; problems with the file surface at synth. */
  public static fromFile(scope: Construct, id: string, path: string): DynamoCheckpoint {
    return new DynamoCheckpoint(scope, id, manifestFromFile(path));
  }

  /** The valid checkpoints declared so far under the same App, for resolving `checkpointRef`s. */
  public static allIn(scope: IConstruct): CheckpointModel[] {
    // A registry per App, not a walk of the tree: every graph asks, and an app may hold thousands.
    return [...(declared.get(scope.node.root) ?? [])];
  }

  /** `metadata.name` as rendered. */
  public readonly name: string;
  /** Undefined when the input is invalid. */
  public readonly namespace?: string;
  /** The checkpoint ID (identity hash) that names the Job and labels restored pods; undefined when invalid. */
  public readonly checkpointId?: string;
  /** The loaded checkpoint; undefined when the input is invalid. */
  public readonly model?: CheckpointModel;

  constructor(scope: Construct, id: string, props: DynamoCheckpointProps | ManifestSource) {
    super(scope, id);
    const source = isManifestSource(props) ? props : manifestOf(id, props);
    const early = source.problems.map((p) => problemLine(p));
    const rendered =
      source.manifest === undefined
        ? { objects: [], problems: [] }
        : renderCheckpointManifest(source.manifest, {
            defaultNamespace: Chart.of(this).namespace,
            settings: platformSettingsOf(this),
          });
    addWarnings(this, rendered.problems);
    const messages = [...early, ...errorsOf(rendered.problems).map((p) => problemLine(p))];
    messages.push(...addObjects(this, rendered.objects));
    this.node.addValidation({ validate: () => messages });
    this.model = messages.length ? undefined : rendered.model;
    this.name = rendered.model?.name ?? id;
    this.namespace = this.model?.namespace;
    this.checkpointId = this.model ? checkpointIdOf(this.model) : undefined;
    if (this.model) declared.set(this.node.root, [...(declared.get(this.node.root) ?? []), this.model]);
  }

  /** `experimental.checkpoint` for a v1beta1 component that restores from this checkpoint. */
  public ref(opts: { readonly targetContainerName?: string } = {}): ComponentCheckpointInput {
    return {
      enabled: true,
      checkpointRef: this.name,
      ...(opts.targetContainerName ? { targetContainerName: opts.targetContainerName } : {}),
    };
  }
}

/** The runtime check of DynamoCheckpointProps: the spec and metadata are checked in the manifest they make. */
const CHECKPOINT_PROPS_SHAPE: PropsShape<DynamoCheckpointProps> = {
  ...GRAPH_METADATA_SHAPE,
  spec: checkedLater,
  artifactVersion: str,
};

function manifestOf(id: string, props: DynamoCheckpointProps): ManifestSource {
  const wrong = shapeProblems(props, CHECKPOINT_PROPS_SHAPE);
  if (wrong.length) return { manifest: undefined, problems: wrong };
  const annotations =
    props.artifactVersion === undefined
      ? props.annotations
      : { ...(props.annotations ?? {}), [CHECKPOINT_ANNOTATION.artifactVersion]: props.artifactVersion };
  const meta = { name: props.name, namespace: props.namespace, labels: props.labels, annotations };
  return manifestFromProps('DynamoCheckpoint', id, meta, props.spec, CHECKPOINT_API_VERSION);
}
