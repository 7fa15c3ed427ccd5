/**
 * The one way a document goes, for every front end: recognise → schema → load → validate →
 * render, through its kind's row (src/kinds/registry.ts). The CLI runs it on each document and adds
 * the checks across documents (./manifests.ts); every cdk8s construct and Pulumi component runs
 * it on its one manifest with the kind it expects (./render-manifest.ts for graphs). So the same
 * input has the same problems whichever front end reads it.
 */
import { DEFAULT_NAMESPACE } from '../output/kube-object';
import { DynamoKind, recogniseDocument } from '../api/convert/load';
import { pruneNulls } from '../api/convert/prune-nulls';
import { overLimits } from '../api/parse';
import { GraphPlacement } from '../api/placement';
import { Problem } from '../api/problems';
import { isObject } from '../api/read';
import { schemaProblems } from '../api/validate/schema-validation';
import { ResolvedSettings } from '../api/settings';
import { DEFAULT_LOCK_FILE } from '../plan/lock';
import { PlanSource, resolveRequest } from '../plan/resolve-request';
import type { DocumentContext } from '../kinds/document-context';
import { LoadedDocument } from '../kinds/loaded-document';
import { KIND_ROWS } from '../kinds/registry';
import { loadPassThroughDocument } from './pass-through';

export type { DocumentContext };

export interface DocumentOptions {
  /** @default DEFAULT_NAMESPACE */
  readonly defaultNamespace?: string;
  /** The plan lock requests render from. @default - `dynamo-plan.lock`, read as absent */
  readonly plans?: PlanSource;
  /** Overrides how requests resolve (the constructs read the lock and may plan at synth). */
  readonly resolveRequest?: DocumentContext['resolveRequest'];
  readonly placement?: GraphPlacement;
  /** @default false */
  readonly onlyDynamoKinds?: boolean;
}

export function documentContext(settings: ResolvedSettings, options: DocumentOptions = {}): DocumentContext {
  const plans = options.plans ?? { file: DEFAULT_LOCK_FILE };
  return {
    settings,
    defaultNamespace: options.defaultNamespace ?? DEFAULT_NAMESPACE,
    resolveRequest: options.resolveRequest ?? ((doc, opts) => resolveRequest(doc, plans, opts)),
    placement: options.placement ?? {},
    passThrough: !options.onlyDynamoKinds,
  };
}

/**
 * One document through its kind's row. `expect` is the kinds a front end takes (the DGD construct
 * refuses a DCD); without it, any Dynamo kind, and others pass through or are refused.
 */
export function processDocument(
  input: unknown,
  context: DocumentContext,
  expect?: readonly DynamoKind[],
): LoadedDocument {
  // A manifest built in code can contain itself or be huge: bounded like parsed input.
  const over = overLimits(input);
  if (over !== undefined) return failed({ path: '', message: `the manifest ${over}`, severity: 'error' });
  return processBoundedDocument(input, context, expect);
}

/**
 * `processDocument` for a document known to be within the limits: every document
 * `parseManifestText` returns is (measuring again would walk each parsed document a second time).
 */
export function processBoundedDocument(
  input: unknown,
  context: DocumentContext,
  expect?: readonly DynamoKind[],
): LoadedDocument {
  const recognised = recogniseDocument(input);
  if (recognised.foreign && context.passThrough && !expect && isObject(input))
    return loadPassThroughDocument(input, context.defaultNamespace);
  if (recognised.kind === undefined || !isObject(input))
    return { problems: [...recognised.problems, ...schemaProblems(input, recognised.problems)], objects: [] };
  if (expect && !expect.includes(recognised.kind))
    return failed({
      path: 'kind',
      message: `expected ${expect.join(' or ')}, got ${JSON.stringify(recognised.kind)}`,
      severity: 'error',
    });
  return KIND_ROWS[recognised.kind](pruneNulls(input), context);
}

const failed = (problem: Problem): LoadedDocument => ({ problems: [problem], objects: [] });
