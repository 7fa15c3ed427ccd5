/**
 * One table of hostile props for the DynamoGraphDeployment of every front end: the cdk8s construct
 * (test/cdk8s/hostile-props.test.ts), the Pulumi component with mocks and the multi-language
 * component (test/pulumi/hostile-args.test.ts). Each row is exactly one problem line, with the
 * prop's path, where the front ends' props differ (cdk8s has no `checkpoints` or readiness props)
 * each says its own line. Never a TypeError.
 */

const IMAGE = 'nvcr.io/nvidia/ai-dynamo/vllm-runtime:0.6.1';

/** A valid v1beta1 graph spec (also valid multi-language args: a component may carry its podTemplate). */
export const HOSTILE_TABLE_SPEC = {
  components: [
    {
      name: 'Frontend',
      type: 'frontend',
      podTemplate: { spec: { containers: [{ name: 'main', image: IMAGE }] } },
    },
  ],
};

export type FrontEnd = 'cdk8s' | 'pulumi';

export interface HostileProps {
  readonly what: string;
  /** The props (cdk8s) / args (Pulumi, multi-language) given. */
  readonly props: unknown;
  /** The one problem line, per front end where they differ (the multi-language package says Pulumi's). */
  readonly line: RegExp | Readonly<Record<FrontEnd, RegExp>>;
}

const withSpec = (extra: Record<string, unknown>) => ({ spec: HOSTILE_TABLE_SPEC, ...extra });
const unknownField = (prop: string) => new RegExp(`^${prop}: unknown field; expected one of: `);

export const HOSTILE_PROPS: readonly HostileProps[] = [
  {
    what: 'undefined props',
    props: undefined,
    line: { cdk8s: /^props: must be an object, got undefined$/, pulumi: /^args: must be an object, got undefined$/ },
  },
  {
    what: 'null props',
    props: null,
    line: { cdk8s: /^props: must be an object, got null$/, pulumi: /^args: must be an object, got null$/ },
  },
  {
    what: 'a list for props',
    props: [HOSTILE_TABLE_SPEC],
    line: { cdk8s: /^props: must be an object, got an array$/, pulumi: /^args: must be an object, got an array$/ },
  },
  { what: 'no spec', props: {}, line: /^spec: Required value: must be an object/ },
  { what: 'a null spec', props: { spec: null }, line: /^spec: Required value: must be an object/ },
  { what: 'settings as a string', props: withSpec({ settings: 'x' }), line: /^settings: must be a map$/ },
  { what: 'settings null', props: withSpec({ settings: null }), line: /^settings: must be a map$/ },
  {
    what: 'a setting of the wrong type',
    props: withSpec({ settings: { lwsAvailable: 'false' } }),
    line: /^settings\.lwsAvailable: must be a boolean \(true or false\)$/,
  },
  { what: 'an unknown setting', props: withSpec({ settings: { bogus: 1 } }), line: unknownField('settings\\.bogus') },
  {
    what: "includeGraphRecord: 'yes'",
    props: withSpec({ includeGraphRecord: 'yes' }),
    line: /^includeGraphRecord: must be a boolean \(true or false\)$/,
  },
  {
    what: 'an unknown orchestrator',
    props: withSpec({ orchestrator: 'k8s' }),
    line: /^orchestrator: must be one of: lws, grove$/,
  },
  {
    what: 'gangScheduling null',
    props: withSpec({ gangScheduling: null }),
    line: /^gangScheduling: must be a boolean \(true or false\)$/,
  },
  { what: 'kaiScheduler 1', props: withSpec({ kaiScheduler: 1 }), line: /^kaiScheduler: must be a boolean/ },
  {
    what: "checkpoints: 'x'",
    props: withSpec({ checkpoints: 'x' }),
    line: { cdk8s: unknownField('checkpoints'), pulumi: /^checkpoints: must be a list$/ },
  },
  {
    what: 'checkpoints: [null]',
    props: withSpec({ checkpoints: [null] }),
    line: { cdk8s: unknownField('checkpoints'), pulumi: /^checkpoints\[0\]: must be a DynamoCheckpoint, got null$/ },
  },
  {
    what: 'a checkpoint that is a plain object',
    props: withSpec({ checkpoints: [{ name: 'c' }] }),
    line: { cdk8s: unknownField('checkpoints'), pulumi: /^checkpoints\[0\]: must be a DynamoCheckpoint, got object$/ },
  },
  {
    what: "awaitTimeoutSeconds: 'x'",
    props: withSpec({ awaitTimeoutSeconds: 'x' }),
    line: { cdk8s: unknownField('awaitTimeoutSeconds'), pulumi: /^awaitTimeoutSeconds: must be a whole number$/ },
  },
  { what: 'an unknown prop', props: withSpec({ bogus: 1 }), line: unknownField('bogus') },
  { what: 'labels as a string', props: withSpec({ labels: 'x' }), line: /^metadata\.labels: must be an object/ },
  {
    what: 'a label value that is a number',
    props: withSpec({ labels: { team: 1 } }),
    line: /^metadata\.labels\[team\]: must be a string \(quote it: "1"\)$/,
  },
  { what: 'a name that is a number', props: withSpec({ name: 5 }), line: /^metadata\.name: / },
  {
    what: 'a namespace that is a number',
    props: withSpec({ namespace: 5 }),
    line: { cdk8s: /^metadata\.namespace: /, pulumi: /^namespace: must be a string or a pulumi\.Input<string>$/ },
  },
];

/** The line `row` expects from `frontEnd`. */
export function expectedLine(row: HostileProps, frontEnd: FrontEnd): RegExp {
  return row.line instanceof RegExp ? row.line : row.line[frontEnd];
}
