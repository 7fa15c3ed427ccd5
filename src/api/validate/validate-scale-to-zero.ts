/** Scale-to-zero annotations (scale-to-zero.ts): durations that read, and a worker they can act on. */
import { keyPath } from '../read';
import { parseDuration, SCALE_TO_ZERO_ANNOTATION, scaleToZeroComponents } from '../scale-to-zero';
import { isWorkerComponent } from '../model';
import { ValidationContext } from './validation-context';

const at = (key: string) => keyPath('metadata.annotations', key);

export function validateScaleToZero(ctx: ValidationContext): void {
  const { model, paths } = ctx;
  const a = model.metadataAnnotations;
  const idle = a[SCALE_TO_ZERO_ANNOTATION.idleAfter];
  const timeout = a[SCALE_TO_ZERO_ANNOTATION.activationTimeout];
  for (const [key, value] of [
    [SCALE_TO_ZERO_ANNOTATION.idleAfter, idle],
    [SCALE_TO_ZERO_ANNOTATION.activationTimeout, timeout],
  ] as const) {
    if (value !== undefined && !parseDuration(value))
      ctx.error(at(key), `Invalid value: "${value}": must be a duration greater than 0, like 90s, 5m or 1h30m`);
  }
  if (idle === undefined) {
    if (timeout !== undefined)
      ctx.warn(
        at(SCALE_TO_ZERO_ANNOTATION.activationTimeout),
        `has no effect without ${SCALE_TO_ZERO_ANNOTATION.idleAfter} (scale to zero is off; docs/scale-to-zero.md)`,
      );
    return;
  }
  if (model.kind !== 'DynamoGraphDeployment') {
    ctx.error(at(SCALE_TO_ZERO_ANNOTATION.idleAfter), 'applies to a DynamoGraphDeployment only');
    return;
  }
  if (scaleToZeroComponents(model).length === 0) {
    ctx.error(
      at(SCALE_TO_ZERO_ANNOTATION.idleAfter),
      `needs a worker ${paths.noun} with scalingAdapter enabled: the runtime operator scales workers to zero through their scaling adapter (docs/scale-to-zero.md)`,
    );
    return;
  }
  if (!model.components.some((c) => c.type === 'frontend'))
    ctx.error(
      at(SCALE_TO_ZERO_ANNOTATION.idleAfter),
      `needs a frontend ${paths.noun}: the activator holds requests in front of the graph's frontend (docs/scale-to-zero.md)`,
    );
  model.components.forEach((c, i) => {
    if (isWorkerComponent(c.type) && !c.scalingAdapter)
      ctx.warn(
        paths.at(i, 'scalingAdapter'),
        `is not enabled: this worker keeps its replicas while the graph's other workers scale to zero (${SCALE_TO_ZERO_ANNOTATION.idleAfter})`,
      );
  });
}
