/**
 * "Validate before render" as a type: the render entry points take a `ValidatedGraph`, and the only
 * way to get one is `acceptValidated`, given everything validation found for the model. A type-level
 * mark only: at run time a ValidatedGraph is the GraphModel itself.
 */
import type { BackendFramework } from '../crds/vocabulary';
import { GraphModel } from './model';
import { errorsOf, Problem } from './problems';

declare const validated: unique symbol;

/** A graph model without error-level problems; its `backendFramework`, if set, is a known one. */
export type ValidatedGraph = GraphModel & {
  readonly backendFramework?: BackendFramework;
  readonly [validated]: true;
};

/**
 * `model` as a ValidatedGraph when `problems` (what `validateGraph`, the checkpoint references and
 * the CRD schema reported for it) holds no error; otherwise undefined.
 */
export function acceptValidated(model: GraphModel, problems: readonly Problem[]): ValidatedGraph | undefined {
  return errorsOf(problems).length === 0 ? (model as ValidatedGraph) : undefined;
}
