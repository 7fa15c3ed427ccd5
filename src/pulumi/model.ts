/**
 * DynamoModel for Pulumi: the same validation as the cdk8s construct and the CLI (upstream's
 * admission rules), then the `nvidia.com/v1alpha1` record. The runtime operator loads LoRA
 * adapters and writes its status, so the provider does not await it.
 */
import { DEFAULT_NAMESPACE } from '../output/kube-object';
import * as k8s from '@pulumi/kubernetes';
import * as pulumi from '@pulumi/pulumi';
import { DYNAMO_MODEL_API_VERSION, DynamoModelSpec } from '../api/dynamo-model';
import { renderModelManifest } from '../pipeline/render-manifest';
import { manifestFromProps } from '../pipeline/manifest-source';
import { checkedLater, PropsShape, shapeProblems } from '../api/props-shape';
import { stringInput } from './inputs';
import { errorsOf } from '../api/problems';
import { KubeObject } from '../api/k8s-types';
import { SKIP_AWAIT } from './readiness';

export interface DynamoModelArgs {
  /** `metadata.name`. @default - the component's Pulumi name */
  readonly name?: string;
  /** `metadata.namespace`. @default 'default' */
  readonly namespace?: pulumi.Input<string>;
  /** `metadata.labels`. @default - none */
  readonly labels?: Record<string, string>;
  /** `metadata.annotations`. @default - none */
  readonly annotations?: Record<string, string>;
  /** The model, as in the `nvidia.com/v1alpha1` CRD; plain values, validated up front. */
  readonly spec: DynamoModelSpec;
}

/** The runtime check of the args: the spec and metadata are checked in the manifest they make. */
const MODEL_ARGS_SHAPE: PropsShape<DynamoModelArgs> = {
  name: checkedLater,
  namespace: stringInput,
  labels: checkedLater,
  annotations: checkedLater,
  spec: checkedLater,
};

/**
 * A model record (DynamoModel, e.g. a LoRA adapter) as a Pulumi ComponentResource, checked with
 * upstream's admission rules.
 *
 * @example
 * new DynamoModel('support-lora', {
 *   namespace: 'inference',
 *   spec: { modelName: 'support-lora', baseModelName: 'Qwen/Qwen3-0.6B', modelType: 'lora',
 *     source: { uri: 'hf://example-org/support-lora@main' } },
 * });
 *
 * @see https://github.com/ai-dynamo/dynamo/blob/main/docs/kubernetes/api-reference.md (DynamoModel fields, upstream)
 */
export class DynamoModel extends pulumi.ComponentResource {
  /** `metadata.name` as emitted. */
  public readonly recordName: string;
  public readonly namespace: pulumi.Output<string>;

  constructor(name: string, args: DynamoModelArgs, opts?: pulumi.ComponentResourceOptions) {
    super('dynamo:index:Model', name, {}, opts);
    // Called from JavaScript, args can be anything: a problem on this resource, not a TypeError.
    const wrong = shapeProblems(args, MODEL_ARGS_SHAPE, { what: 'args' });
    const meta = wrong.length ? {} : { name: args.name ?? name, labels: args.labels, annotations: args.annotations };
    this.recordName = meta.name ?? name;
    this.namespace = pulumi.output(wrong.length ? DEFAULT_NAMESPACE : (args.namespace ?? DEFAULT_NAMESPACE));
    // The namespace may be an Output; it plays no part in validation.
    const source = wrong.length
      ? { manifest: undefined, problems: wrong }
      : manifestFromProps('DynamoModel', name, meta, args.spec, DYNAMO_MODEL_API_VERSION);
    const loaded = source.problems.length ? { problems: source.problems } : renderModelManifest(source.manifest);
    const errors = errorsOf(loaded.problems);
    if (errors.length > 0 || !('model' in loaded) || !loaded.model || !loaded.objects.length) {
      const lines = errors.map((p) => `  ${p.path ? `${p.path}: ` : ''}${p.message}`);
      // hideStack: the problem is in the caller's props, not in this library.
      throw new pulumi.ResourceError(`DynamoModel "${name}": invalid input:\n${lines.join('\n')}`, this, true);
    }
    for (const w of loaded.problems) pulumi.log.warn(`${w.path}: ${w.message}`, this);
    const record = loaded.objects[0] as KubeObject;
    new k8s.apiextensions.CustomResource(
      `${name}/${this.recordName}`,
      {
        apiVersion: record.apiVersion,
        kind: record.kind,
        metadata: {
          ...record.metadata,
          namespace: this.namespace,
          annotations: { ...(record.metadata.annotations ?? {}), [SKIP_AWAIT]: 'true' },
        },
        spec: record.spec,
      },
      { parent: this, dependsOn: opts?.dependsOn },
    );
    this.registerOutputs({ recordName: this.recordName, namespace: this.namespace });
  }
}
