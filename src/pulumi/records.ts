/**
 * DynamoModel (DynamoCheckpoint: ./checkpoint.ts), thin for now: they emit the nvidia.com
 * record as given, as the CLI passes those kinds through. Rendering what the
 * upstream operator builds from them (model Services, checkpoint Jobs) and
 * validating their specs is separate work; these components keep their
 * type tokens and names when that lands.
 */
import * as k8s from '@pulumi/kubernetes';
import * as pulumi from '@pulumi/pulumi';
import { SKIP_AWAIT } from './readiness';

export interface DynamoRecordArgs {
  /** `metadata.name`. @default - the component's Pulumi name */
  readonly name?: string;
  /** @default 'default' */
  readonly namespace?: pulumi.Input<string>;
  /** `metadata.labels`. @default - none */
  readonly labels?: Record<string, string>;
  /** `metadata.annotations`. @default - none */
  readonly annotations?: Record<string, string>;
  /** The record's `spec`, as in the `nvidia.com/v1alpha1` CRD. */
  readonly spec: pulumi.Inputs;
}

abstract class DynamoRecord extends pulumi.ComponentResource {
  /** `metadata.name` as emitted. */
  public readonly recordName: string;
  public readonly namespace: pulumi.Output<string>;

  protected constructor(type: string, kind: string, name: string, args: DynamoRecordArgs, opts?: pulumi.ComponentResourceOptions) {
    super(type, name, {}, opts);
    this.recordName = args.name ?? name;
    this.namespace = pulumi.output(args.namespace ?? 'default');
    new k8s.apiextensions.CustomResource(`${name}/${this.recordName}`, {
      apiVersion: 'nvidia.com/v1alpha1',
      kind,
      metadata: {
        name: this.recordName,
        namespace: this.namespace,
        labels: args.labels,
        // Only the runtime operator writes these kinds' status.
        annotations: { ...(args.annotations ?? {}), [SKIP_AWAIT]: 'true' },
      },
      spec: args.spec,
    }, { parent: this, dependsOn: opts?.dependsOn });
    this.registerOutputs({ recordName: this.recordName, namespace: this.namespace });
  }
}

export class DynamoModel extends DynamoRecord {
  constructor(name: string, args: DynamoRecordArgs, opts?: pulumi.ComponentResourceOptions) {
    super('dynamo:index:Model', 'DynamoModel', name, args, opts);
  }
}
