/**
 * What a kind's row reads a document with: the run's defaults, written once where the pipeline
 * builds the context (src/pipeline/process-document.ts), and how a request finds its plan (the
 * plan layer stands above the kinds, so it is handed in).
 */
import { DeploymentRequestModel } from '../api/input/deployment-request';
import { JsonObject, KubeObject } from '../api/k8s-types';
import { GraphPlacement } from '../api/placement';
import { Problem } from '../api/problems';
import { ResolvedSettings } from '../api/settings';
import { LoadedDocument } from './loaded-document';

/** What a request's plan gives its row (src/plan/resolve-request.ts fills it). */
export interface RequestResolution {
  readonly request?: DeploymentRequestModel;
  /** The generated DynamoGraphDeployment (nvidia.com/v1beta1), when planned. */
  readonly graph?: KubeObject;
  /** Objects to render with it: the Planner's ConfigMap, or the profiling Job and its RBAC. */
  readonly objects: KubeObject[];
  /** `spec.autoApply`: render the graph, or only keep it for review. */
  readonly deploy: boolean;
  readonly problems: Problem[];
}

export interface DocumentContext {
  readonly settings: ResolvedSettings;
  /** Namespace for documents without one. */
  readonly defaultNamespace: string;
  /** A request's plan: the CLI reads the lock once; a construct may also plan at synth. */
  readonly resolveRequest: (doc: unknown, opts: { defaultNamespace: string }) => RequestResolution;
  /** A front end's placement choices for the graphs it renders (the constructs' options). */
  readonly placement: GraphPlacement;
  /** Documents of kinds dynamo-iac does not render pass through (true) or are refused. */
  readonly passThrough: boolean;
}

/** A kind's way through load, schema, validation and render: its row of the registry. */
export type KindRow = (doc: JsonObject, context: DocumentContext) => LoadedDocument;
