/**
 * CEL rules of our CRDs (upstream's, reference §1.8) on fields the model does not carry, checked
 * on the document as written, with the API server's message text.
 */
import { componentFieldRules } from '../../crds/component-fields';
import { CHECKPOINT_JOB_RULE } from '../../crds/component-spec-v1beta1';
import { fieldPath, isObject, keyPath } from '../read';
import { ValidationContext } from './validation-context';

export function validateCelRules(ctx: ValidationContext): void {
  const spec = ctx.model.source.spec;
  if (!isObject(spec)) return;
  if (ctx.model.kind === 'DynamoGraphDeployment') {
    if (Array.isArray(spec.components))
      spec.components.forEach((c, i) => component(ctx, c, keyPath('spec.components', i)));
  } else if (ctx.model.apiVersion === 'nvidia.com/v1beta1') {
    component(ctx, spec, 'spec');
  }
}

/** A v1beta1 component (a `spec.components` item, or a DCD's spec). */
function component(ctx: ValidationContext, c: unknown, path: string): void {
  if (!isObject(c)) return;
  for (const { field, rule } of componentFieldRules())
    if (rule.brokenBy(c)) ctx.error(fieldPath(path, field), rule.message);
  const checkpoint = isObject(c.experimental) ? c.experimental.checkpoint : undefined;
  if (isObject(checkpoint) && checkpoint.checkpointRef !== undefined && checkpoint.job !== undefined) {
    ctx.error(fieldPath(path, 'experimental.checkpoint'), CHECKPOINT_JOB_RULE);
  }
}
