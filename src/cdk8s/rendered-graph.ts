/** What the DGD and DCD constructs share: adopting a manifest and exposing what was rendered. */
import { Construct } from 'constructs';
import { KubeObject } from '../api/k8s-types';
import { dynamoNamespaceOf } from '../api/dynamo-namespace';
import { GraphModel } from '../api/model';
import { isObject } from '../api/read';
import { frontendService } from '../render';
import { checkedLater, shapeProblems } from '../api/props-shape';
import {
  GRAPH_METADATA_SHAPE,
  GraphMetadataProps,
  manifestFromProps,
  ManifestSource,
} from '../pipeline/manifest-source';
import { GRAPH_RENDER_OPTIONS_SHAPE, GraphRenderOptions, renderInto } from './render-into';

/** A manifest to render, with its options: the constructors' second form, used by `fromManifest` / `fromFile`. */
export interface AdoptedGraph {
  readonly source: ManifestSource;
  readonly options: GraphRenderOptions;
}

/** What `DynamoGraphDeployment` and `DynamoComponentDeployment` share: the rendered objects and accessors. */
export abstract class RenderedGraph extends Construct {
  /** Every Kubernetes object rendered, in apply order (empty when the input is invalid). */
  public readonly objects: readonly KubeObject[];
  /** `metadata.name` as rendered. */
  public readonly name: string;
  /** The namespace every object was rendered into (undefined when the input is invalid). */
  public readonly namespace?: string;
  /**
   * The graph as loaded (undefined when the input is invalid): what `DynamoModel.attachTo` checks against.
   * @internal
   */
  public readonly definition?: GraphModel;
  /** The Dynamo namespace the components register in (`<namespace>-<graph>`; undefined when the input is invalid). */
  public readonly dynamoNamespace?: string;
  /** The frontend's Service, what clients call (undefined when there is no frontend). */
  public readonly frontendServiceName?: string;
  /** The frontend Service's port (undefined when there is no frontend). */
  public readonly frontendPort?: number;

  protected constructor(scope: Construct, id: string, adopted: AdoptedGraph) {
    super(scope, id);
    const rendered = renderInto(this, adopted.source, adopted.options);
    this.objects = rendered.objects;
    this.name = rendered.model?.name ?? id;
    this.namespace = rendered.model?.namespace;
    this.definition = rendered.model;
    if (rendered.model) this.dynamoNamespace = dynamoNamespaceOf(rendered.model.namespace, rendered.model.name, false);
    const frontend = frontendService(rendered.objects);
    this.frontendServiceName = frontend?.name;
    this.frontendPort = frontend?.port;
  }
}

/** Every prop of the graph constructs: the spec and metadata are checked in the manifest they make. */
const GRAPH_PROPS_SHAPE = { ...GRAPH_METADATA_SHAPE, ...GRAPH_RENDER_OPTIONS_SHAPE, spec: checkedLater };

/** Splits typed construct props into the manifest and the render options. */
export function adoptProps(
  kind: string,
  id: string,
  props: GraphMetadataProps & GraphRenderOptions & { readonly spec: unknown },
): AdoptedGraph {
  // Called from JavaScript (or through jsii) props can be anything: a problem, not a TypeError.
  const wrong = shapeProblems(props, GRAPH_PROPS_SHAPE);
  if (wrong.length) return { source: { manifest: undefined, problems: wrong }, options: {} };
  const { name, namespace, labels, annotations, spec, ...options } = props;
  return { source: manifestFromProps(kind, id, { name, namespace, labels, annotations }, spec), options };
}

export const isAdopted = (p: unknown): p is AdoptedGraph => isObject(p) && 'source' in p && 'options' in p;
