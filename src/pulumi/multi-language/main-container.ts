/** Maps the multi-language `MainContainerArgs` onto a v1beta1 `podTemplate` (the TypeScript shape). */
import { MAIN_CONTAINER_NAME } from '../../api/input/v1beta1';
import { isObject } from '../../api/read';
import { MainContainerArgs } from './common';

/** `args` without its `undefined` properties. */
export const defined = <T extends object>(args: T): Partial<T> =>
  Object.fromEntries(Object.entries(args).filter(([, v]) => v !== undefined)) as Partial<T>;

/** The `podTemplate` with the top-level container fields merged into its `main` container. */
export function podTemplateOf(args: MainContainerArgs): unknown {
  const { image, command, args: containerArgs, env, resources, podTemplate } = args;
  const fields = defined({ image, command, args: containerArgs, env, resources });
  if (Object.keys(fields).length === 0) return podTemplate;
  // Anything but an object is left for the validation to name (`podTemplate: must be an object`).
  if (podTemplate !== undefined && !isObject(podTemplate)) return podTemplate;
  const template = (podTemplate ?? {}) as { spec?: { containers?: unknown } };
  const spec = isObject(template.spec) ? template.spec : {};
  const containers = Array.isArray(spec.containers) ? spec.containers : [];
  const at = containers.findIndex((c) => isObject(c) && c.name === MAIN_CONTAINER_NAME);
  const merged =
    at < 0
      ? [...containers, { name: MAIN_CONTAINER_NAME, ...fields }]
      : containers.map((c, i) => (i === at ? { ...(c as object), ...fields } : c));
  return { ...template, spec: { ...spec, containers: merged } };
}
