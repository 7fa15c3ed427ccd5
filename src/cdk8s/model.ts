/**
 * The DynamoModel construct: a base model or LoRA adapter, validated at synth with upstream's
 * messages and emitted as its `nvidia.com/v1alpha1` record (the runtime operator loads the
 * adapter into the pods). `attachTo` links it to the graph component that serves its base model.
 */
import { checkedLater, PropsShape, shapeProblems } from '../api/props-shape';
import { Chart } from 'cdk8s';
import { Construct } from 'constructs';
import { DYNAMO_MODEL_API_VERSION, DynamoModelSpec } from '../api/dynamo-model';
import { renderModelManifest } from '../pipeline/render-manifest';
import { ModelRefInput } from '../api/input/input-common';
import { KubeObject } from '../api/k8s-types';
import { errorsOf, problemLine } from '../api/problems';
import {
  GraphMetadataProps,
  isManifestSource,
  manifestFromFile,
  manifestFromProps,
  ManifestSource,
  GRAPH_METADATA_SHAPE,
} from '../pipeline/manifest-source';
import { addObjects } from './object-registry';
import { RenderedGraph } from './rendered-graph';
import { addWarnings } from './warnings';

export interface DynamoModelProps extends GraphMetadataProps {
  /** The model, as in the `nvidia.com/v1alpha1` CRD. */
  readonly spec: DynamoModelSpec;
}

/** The runtime check of DynamoModelProps: the spec and metadata are checked in the manifest they make. */
const MODEL_PROPS_SHAPE: PropsShape<DynamoModelProps> = { ...GRAPH_METADATA_SHAPE, spec: checkedLater };

/** A graph component a model is attached to. */
export interface ModelAttachment {
  readonly graph: RenderedGraph;
  readonly component: string;
}

/**
 * A model record (`nvidia.com/v1alpha1` DynamoModel), checked with upstream's admission rules: a
 * LoRA adapter the runtime operator loads into every pod serving its base model.
 *
 * @example
 * const lora = new DynamoModel(chart, 'support-lora', {
 *   spec: { modelName: 'support-lora', baseModelName: 'Qwen/Qwen3-0.6B', modelType: 'lora',
 *     source: { uri: 'hf://example-org/support-lora@main' } },
 * });
 * // on the worker: modelRef: lora.modelRef; then
 * lora.attachTo(graph, 'VllmWorker');
 *
 * @see https://github.com/ai-dynamo/dynamo/blob/main/docs/kubernetes/api-reference.md (DynamoModel fields, upstream)
 */
export class DynamoModel extends Construct {
  /** Adopts an existing DynamoModel manifest as it is. */
  public static fromManifest(scope: Construct, id: string, manifest: unknown): DynamoModel {
    return new DynamoModel(scope, id, { manifest, problems: [] });
  }

  /** Adopts the single DynamoModel in a YAML or JSON file; problems with the file surface at synth. */
  public static fromFile(scope: Construct, id: string, path: string): DynamoModel {
    return new DynamoModel(scope, id, manifestFromFile(path));
  }

  /** `metadata.name` as rendered. */
  public readonly name: string;
  /** Undefined when the input is invalid. */
  public readonly namespace?: string;
  /** The spec as loaded (undefined when the input is invalid). */
  public readonly spec?: DynamoModelSpec;
  /** The rendered record (undefined when the input is invalid). */
  public readonly object?: KubeObject;
  private readonly problems: string[] = [];
  private readonly attached: ModelAttachment[] = [];

  constructor(scope: Construct, id: string, props: DynamoModelProps | ManifestSource) {
    super(scope, id);
    const source = isManifestSource(props)
      ? props
      : shapeProblems(props, MODEL_PROPS_SHAPE).length
        ? { manifest: undefined, problems: shapeProblems(props, MODEL_PROPS_SHAPE) }
        : manifestFromProps('DynamoModel', id, props, props.spec, DYNAMO_MODEL_API_VERSION);
    this.name = id;
    this.node.addValidation({ validate: () => this.problems });
    if (source.manifest === undefined) {
      this.problems.push(...source.problems.map((p) => problemLine(p)));
      return;
    }
    const loaded = renderModelManifest(source.manifest, { defaultNamespace: Chart.of(this).namespace });
    addWarnings(this, loaded.problems);
    const errors = errorsOf(loaded.problems);
    if (errors.length > 0 || !loaded.model || !loaded.objects.length) {
      this.problems.push(...errors.map((p) => problemLine(p)));
      return;
    }
    this.name = loaded.model.name;
    this.namespace = loaded.model.namespace;
    this.spec = loaded.model.spec;
    this.object = loaded.objects[0] as KubeObject;
    this.problems.push(...addObjects(this, [this.object]));
  }

  /** `{ name: baseModelName }`, for the `modelRef` of the components that serve this model. */
  public get modelRef(): ModelRefInput {
    return { name: this.spec?.baseModelName ?? '' };
  }

  /** The components this model was attached to. */
  public get attachments(): readonly ModelAttachment[] {
    return this.attached;
  }

  /**
   * Declares that `component` of `graph` serves this model. Synth fails with a clear message
   * unless the component exists, is in the model's namespace, and its `modelRef.name` is this
   * model's `baseModelName` (the runtime operator finds the pods through that name).
   */
  public attachTo(graph: RenderedGraph, component: string): this {
    this.attached.push({ graph, component });
    const g = graph.definition;
    if (!g || !this.spec) return this; // both report their own problems
    const where = `attachTo(${graph.node.path}, ${JSON.stringify(component)})`;
    const c = g.components.find((x) => x.name === component);
    if (!c) {
      this.problems.push(
        `${where}: graph "${g.name}" has no component "${component}" (components: ${g.components.map((x) => x.name).join(', ')})`,
      );
    } else if (!c.modelRef) {
      this.problems.push(
        `${where}: component "${component}" has no modelRef; set its modelRef to { name: ${JSON.stringify(this.spec.baseModelName)} } (e.g. \`modelRef: model.modelRef\`) so its pods serve this model`,
      );
    } else if (c.modelRef.name !== this.spec.baseModelName) {
      this.problems.push(
        `${where}: component "${component}" serves base model ${JSON.stringify(c.modelRef.name)} (modelRef.name), but spec.baseModelName is ${JSON.stringify(this.spec.baseModelName)}`,
      );
    }
    if (g.namespace !== this.namespace) {
      this.problems.push(
        `${where}: graph "${g.name}" is in namespace "${g.namespace}", this model in "${this.namespace}"; a model only reaches pods in its own namespace`,
      );
    }
    return this;
  }
}
