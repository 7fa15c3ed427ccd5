/**
 * What DynamoGraphDeployment and DynamoComponentDeployment share: the same load → validate →
 * render pipeline as the cdk8s constructs and the CLI, then one child resource
 * per rendered object.
 */
import { DEFAULT_NAMESPACE } from '../output/kube-object';
import * as pulumi from '@pulumi/pulumi';
import { DEFERRED_VALUE_TOKEN } from '../api/deferred-value';
import { KubeObject } from '../api/k8s-types';
import { GRAPH_PLACEMENT_SHAPE, GraphPlacement } from '../api/placement';
import { bool, checkedLater, instanceOf, listOf, PropsShape, shapeProblems } from '../api/props-shape';
import { GraphModel } from '../api/model';
import { errorsOf, Problem, problemLine } from '../api/problems';
import { PlatformSettings, resolveSettings, ResolvedSettings } from '../api/settings';
import { manifestFromFile, manifestFromProps } from '../pipeline/manifest-source';
import { overLimits } from '../api/parse';
import { isObject } from '../api/read';
import { settingsShape } from '../api/settings-check';
import { ManifestRenderRequest, renderManifest } from '../pipeline/render-manifest';
import { dynamoNamespaceOf } from '../api/dynamo-namespace';
import { frontendService, workerGenerationOf, workerHashInput } from '../render';
import { graphRecordOf, retiredByOperator } from '../render/worker-generation-objects';
import { fill, hasToken, stringInput, substitute, tokenize, tokenKeys, WithInputs } from './inputs';
import { READINESS_SHAPE, ReadinessOptions, withReadiness } from './readiness';
import { DynamoCheckpoint } from './checkpoint';
import { claimObject } from './registry';
import { kubernetesResource } from './resources';

/** Render options of the graph components (props and adopted manifests alike). */
export interface GraphOptions extends ReadinessOptions, GraphPlacement {
  /** Platform settings (what the upstream operator reads from its configuration). @default - upstream's defaults */
  readonly settings?: PlatformSettings;
  /**
   * Emit the DynamoGraphDeployment / DynamoComponentDeployment record itself
   * (needs the nvidia.com CRDs: pass a `DynamoCrds` in `dependsOn`).
   * @default true
   */
  readonly includeGraphRecord?: boolean;
  /** DynamoCheckpoints the components may reference with `checkpointRef` (same namespace). @default - none */
  readonly checkpoints?: readonly DynamoCheckpoint[];
}

/** Arguments every graph component takes besides its `spec`. */
export interface GraphArgsBase extends GraphOptions {
  /**
   * `metadata.name`: prefix of every rendered object name. Must be plain: names
   * are part of each resource's identity.
   * @default - the component's Pulumi name
   */
  readonly name?: string;
  /** Kubernetes namespace of every rendered object. @default 'default' */
  readonly namespace?: pulumi.Input<string>;
  /** `metadata.labels`. @default - none */
  readonly labels?: Record<string, string>;
  /** `metadata.annotations`, e.g. `nvidia.com/enable-metrics`. @default - none */
  readonly annotations?: Record<string, string>;
}

/** Options of `fromManifest` / `fromFile`. */
export interface AdoptOptions extends GraphOptions {
  /** Namespace for a manifest without `metadata.namespace`. @default 'default' */
  readonly namespace?: pulumi.Input<string>;
}

/** The runtime checks of the args (JavaScript, YAML and other Pulumi languages give anything). */
export const GRAPH_OPTIONS_SHAPE: PropsShape<GraphOptions> = {
  ...READINESS_SHAPE,
  ...GRAPH_PLACEMENT_SHAPE,
  settings: settingsShape,
  includeGraphRecord: bool,
  checkpoints: listOf(instanceOf('DynamoCheckpoint', (v) => v instanceof DynamoCheckpoint)),
};
/** The spec and the metadata are checked in the manifest they make. */
const GRAPH_ARGS_SHAPE: PropsShape<GraphArgsBase & { readonly spec: unknown }> = {
  ...GRAPH_OPTIONS_SHAPE,
  name: checkedLater,
  namespace: stringInput,
  labels: checkedLater,
  annotations: checkedLater,
  spec: checkedLater,
};
const ADOPT_OPTIONS_SHAPE: PropsShape<AdoptOptions> = { ...GRAPH_OPTIONS_SHAPE, namespace: stringInput };

/** A manifest to render as it is, with its options: the constructors' second form, used by `fromManifest` / `fromFile`. */
export interface AdoptedManifest {
  readonly manifest: unknown;
  /** Problems found before loading (unreadable file, bad YAML, not exactly one document). */
  readonly problems: Problem[];
  /** The file's documents of other kinds, checked and created unchanged (ManifestSource.passThrough). */
  readonly passThrough?: readonly unknown[];
  readonly options: AdoptOptions;
}

/** What a graph component renders: typed props, or an adopted manifest. */
export type GraphSource = { readonly props: GraphArgsBase & { readonly spec: WithInputs<unknown> } } | AdoptedManifest;

export const adoptManifest = (manifest: unknown, options: AdoptOptions): AdoptedManifest => ({
  manifest,
  problems: [],
  options,
});
export const adoptFile = (path: string, options: AdoptOptions): AdoptedManifest => ({
  ...manifestFromFile(path, { passThrough: true }),
  options,
});
export const isAdopted = (a: unknown): a is AdoptedManifest => isObject(a) && 'manifest' in a && 'options' in a;

/** One render of the graph: the shared pipeline, with this component's settings and choices. */
interface Plan {
  readonly settings: ResolvedSettings;
  readonly request: ManifestRenderRequest;
}

const renderPlan = (plan: Plan, manifest: unknown, defaultNamespace?: string) =>
  renderManifest(manifest, plan.settings, { ...plan.request, defaultNamespace });

/** What `DynamoGraphDeployment` and `DynamoComponentDeployment` share: one child resource per rendered object, and the outputs. */
export abstract class RenderedGraphResource extends pulumi.ComponentResource {
  /** `metadata.name` as rendered. */
  public readonly graphName: string;
  /** The Kubernetes namespace every object is rendered into. */
  public readonly namespace: pulumi.Output<string>;
  /** The Dynamo namespace the components register in (`<namespace>-<graph>`). */
  public readonly dynamoNamespace: pulumi.Output<string>;
  /** `<Kind>/<name>` of every rendered object, in apply order. */
  public readonly objectNames: pulumi.Output<string[]>;
  /** The frontend's Service (undefined when there is no frontend). */
  public readonly frontendServiceName: pulumi.Output<string | undefined>;
  public readonly frontendPort: pulumi.Output<number | undefined>;
  /** Warnings the upstream admission webhooks would print (deprecated fields and the like). */
  public readonly warnings: readonly string[];

  protected constructor(
    type: string,
    kind: string,
    name: string,
    source: GraphSource,
    opts?: pulumi.ComponentResourceOptions,
  ) {
    super(type, name, {}, opts);
    const fail = (lines: string[]) => {
      const described = lines.map((l) => `  ${l.replace(DEFERRED_VALUE_TOKEN, '<pulumi.Input>')}`);
      // hideStack: the problem is in the caller's props, not in this library.
      return new pulumi.ResourceError(`${kind} "${name}": invalid input:\n${described.join('\n')}`, this, true);
    };
    // Called from JavaScript, args can be anything: each is a problem on this resource, not a TypeError.
    const given: unknown = 'props' in source ? source.props : source.options;
    const wrong = shapeProblems(given, 'props' in source ? GRAPH_ARGS_SHAPE : ADOPT_OPTIONS_SHAPE, {
      what: 'props' in source ? 'args' : 'options',
    });
    if (wrong.length > 0) throw fail(wrong.map((p) => problemLine(p)));
    const args = given as GraphOptions;
    const early0 = 'props' in source && !isObject(source.props.spec) ? ['spec: Required value: must be an object'] : [];
    if (early0.length > 0) throw fail(early0);
    const over = overLimits('props' in source ? source.props.spec : source.manifest);
    if (over !== undefined) throw fail([`${'props' in source ? 'spec' : 'the manifest'} ${over}`]);
    const { plain, inputs } = tokenize<{ namespace?: string; spec?: unknown }>(
      'props' in source
        ? { namespace: source.props.namespace, spec: source.props.spec }
        : { namespace: source.options.namespace },
    );
    const manifest =
      'props' in source
        ? manifestFromProps(kind, name, { ...source.props, namespace: plain.namespace }, plain.spec).manifest
        : source.manifest;
    const { settings, includeGraphRecord, orchestrator, gangScheduling, kaiScheduler } = args;
    // A namespace given as a pulumi.Input cannot be compared: its checkpoints are taken to share it.
    const graphNamespace = plain.namespace ?? DEFAULT_NAMESPACE;
    const checkpoints = (args.checkpoints ?? []).map((c) =>
      hasToken(graphNamespace) || !c.namespaceKnown ? { ...c.model, namespace: graphNamespace } : c.model,
    );
    const resolvedSettings = resolveSettings(settings);
    let plan: Plan = {
      settings: resolvedSettings,
      request: {
        expectedKind: kind as GraphModel['kind'],
        includeGraphRecord,
        orchestrator,
        gangScheduling,
        kaiScheduler,
        checkpoints,
        passThrough: 'props' in source ? undefined : source.passThrough,
      },
    };
    const defaultNamespace = 'props' in source ? undefined : plain.namespace;
    const early = 'props' in source ? [] : source.problems;
    let rendered = early.length > 0 ? { objects: [], problems: early } : renderPlan(plan, manifest, defaultNamespace);
    // A worker generation is named by the worker hash, known only once every worker field is: with a
    // pulumi.Input in one (an image Output, say), the graph's workers roll in place instead.
    const unknownHash =
      rendered.model && workerGenerationOf(rendered.model, plan.settings) && hasToken(workerHashInput(rendered.model));
    if (unknownHash) {
      plan = { ...plan, settings: { ...resolvedSettings, workerRollout: 'in-place' } };
      const inPlace = renderPlan(plan, manifest, defaultNamespace);
      rendered = {
        ...inPlace,
        problems: [
          ...inPlace.problems,
          {
            path: 'spec',
            message: `workerRollout "${resolvedSettings.workerRollout}" does not apply: a pulumi.Input in a worker's spec leaves the worker hash unknown until deploy, so the workers roll in place; pass worker fields as plain values for managed rollouts`,
            severity: 'warning',
          },
        ],
      };
    }
    const lines = (ps: Problem[]) => ps.map((p) => problemLine(p));
    const errors = errorsOf(rendered.problems);
    if (errors.length > 0 || !rendered.model) throw fail(lines(errors));
    const model = rendered.model;
    const objects = rendered.objects;
    const structural = [
      ...objects
        .filter((o) => hasToken(o.metadata.name))
        .map((o) => `${o.kind} metadata.name "${o.metadata.name}": names must be plain strings, not pulumi.Inputs`),
      ...objects.flatMap((o) =>
        tokenKeys(o).map((p) => `${o.kind} "${o.metadata.name}" ${p}: a map key cannot be a pulumi.Input`),
      ),
    ];
    if (structural.length > 0) throw fail(structural);
    this.graphName = model.name;
    // Pulumi labels them itself: the lines carry no `warning: ` of their own.
    this.warnings = lines(
      rendered.problems.flatMap((p) => (p.severity === 'warning' ? [{ ...p, severity: undefined }] : [])),
    );
    for (const w of this.warnings) pulumi.log.warn(w, this);

    // Resolved once, and checked against a render with the real values before any resource sees them.
    // A failure is logged once, on this component; the children only point to it.
    const values =
      inputs.length === 0
        ? undefined
        : pulumi.all(inputs).apply((vals) => {
            const real = renderPlan(plan, fill(manifest, vals), fill(defaultNamespace, vals));
            const expected = fill(objects, vals);
            const differs = real.objects.findIndex((o, i) => JSON.stringify(o) !== JSON.stringify(expected[i]));
            const problems =
              errorsOf(real.problems).length > 0
                ? lines(errorsOf(real.problems))
                : differs >= 0 || real.objects.length !== expected.length
                  ? [
                      `${real.objects[Math.max(differs, 0)]?.kind ?? 'an object'}: a pulumi.Input flows into a field that is derived, not copied; pass that value as a plain string`,
                    ]
                  : [];
            if (problems.length > 0) {
              pulumi.log.error(fail(problems).message, this);
              throw new pulumi.ResourceError(`invalid input on ${kind} "${name}" (see its error)`, this, true);
            }
            return vals;
          });
    const resolve = <T>(v: T): pulumi.Output<T> =>
      values ? values.apply((vals) => fill(v, vals)) : (pulumi.output(v) as pulumi.Output<T>);

    const provider = this.getProvider('kubernetes::');
    // Objects holding a token are never shared: the same token means different values in different components.
    const claims = objects.map((o) =>
      hasToken(JSON.stringify(o)) ? { kind: 'new' as const } : claimObject(provider, o, `${type} "${name}"`),
    );
    const conflicts = claims.flatMap((c) => (c.kind === 'conflict' ? [c.message] : []));
    if (conflicts.length > 0) throw fail(conflicts);
    // A worker generation the runtime operator rolls out leaves the program when the hash changes;
    // Pulumi then forgets it instead of deleting it, and the operator drains and deletes it
    // (docs/rollouts.md). Its ownerReference to the graph record (set here, with the record's uid)
    // makes deleting the record (`pulumi destroy`) take every generation along, operator or not.
    const retained = retiredByOperator(objects);
    const record = graphRecordOf(objects);
    const recordIndex = record ? objects.indexOf(record) : -1;
    // The record's uid, once the record resource exists (it is registered after the workers).
    let recordCreated: (r: pulumi.CustomResource) => void = () => undefined;
    // With awaitGraphStatus the record waits for the workers to be ready, so it cannot own them at
    // their creation: the runtime operator (which must run for that status) adds the reference.
    const recordUid =
      recordIndex >= 0 && claims[recordIndex].kind === 'new' && !args.awaitGraphStatus
        ? pulumi.output(
            new Promise<pulumi.Output<string | undefined>>((resolve) => {
              recordCreated = (r) => resolve(metadataOf(r).apply((m) => m?.uid));
            }),
          )
        : undefined;
    objects.forEach((o, i) => {
      if (claims[i].kind !== 'new') return;
      const object = withReadiness(o, args);
      const inputs = values ? substitute(object, values) : object;
      const resource = kubernetesResource(
        `${name}/${o.metadata.name}`,
        object,
        recordUid && retained(o) ? withOwner(inputs as KubeObject, record!, recordUid) : inputs,
        {
          parent: this,
          // A component's dependsOn does not reach its children by itself; the graph record needs the CRDs first.
          dependsOn: opts?.dependsOn,
          ...(retained(o) ? { retainOnDelete: true } : {}),
        },
      );
      if (o === record) recordCreated(resource);
    });

    const frontend = frontendService(objects);
    this.namespace = resolve(model.namespace);
    this.dynamoNamespace = resolve(dynamoNamespaceOf(model.namespace, model.name, false));
    this.objectNames = pulumi.output(objects.map((o) => `${o.kind}/${o.metadata.name}`));
    this.frontendServiceName = pulumi.output(frontend?.name);
    this.frontendPort = pulumi.output(frontend?.port);
    this.registerOutputs({
      graphName: this.graphName,
      namespace: this.namespace,
      dynamoNamespace: this.dynamoNamespace,
      objectNames: this.objectNames,
      frontendServiceName: this.frontendServiceName,
      frontendPort: this.frontendPort,
    });
  }
}

/** `inputs` with a non-controller ownerReference to the graph record (`uid`, known once it is created). */
function withOwner(inputs: KubeObject, record: KubeObject, uid: pulumi.Output<string | undefined>): unknown {
  const ownerReference = { apiVersion: record.apiVersion, kind: record.kind, name: record.metadata.name, uid };
  return { ...inputs, metadata: { ...inputs.metadata, ownerReferences: [ownerReference] } };
}

function metadataOf(resource: pulumi.CustomResource): pulumi.Output<{ uid?: string } | undefined> {
  return (resource as unknown as { metadata: pulumi.Output<{ uid?: string } | undefined> }).metadata;
}
