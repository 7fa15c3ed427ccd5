/**
 * The schema half of validation: the whole document against our CRD schema, and every piece of
 * pass-through core/v1 content against core/v1. Run after `loadGraph` and `validateGraph`, whose
 * messages (upstream's wording) win: a schema problem at a path they already reported is dropped.
 */
import { componentFieldsOfValue, sameKeyInV1alpha1 } from '../../crds/component-fields';
import { MAIN_CONTAINER_NAME } from '../../crds/vocabulary';
import { crdSchemaProblems, hasCrdSchema } from './crd-schema';
import { envListProblems, podContentProblems } from './pod-content';
import { Problem } from '../problems';
import { fieldPath, isObject, keyPath } from '../read';

export function schemaProblems(doc: unknown, reported: readonly Problem[] = []): Problem[] {
  const taken = new Set(reported.filter((p) => (p.severity ?? 'error') === 'error').map((p) => p.path));
  const out: Problem[] = [];
  for (const p of [...crdSchemaProblems(doc), ...metadataProblems(doc), ...passThroughProblems(doc)]) {
    if (taken.has(p.path)) continue;
    taken.add(p.path);
    out.push(p);
  }
  return out;
}

/**
 * `metadata` of a Dynamo document is an ObjectMeta, which our CRDs leave to the API server (a
 * structural schema may not describe it): its fields, their types and its maps are checked as
 * the server checks them (`metadata.uid: 123` and `metadata.bogus` are refused).
 */
function metadataProblems(doc: unknown): Problem[] {
  if (!isObject(doc) || !hasCrdSchema(doc) || doc.metadata === undefined || doc.metadata === null) return [];
  return podContentProblems({ metadata: doc.metadata }, 'PodTemplateSpec', '');
}

/** core/v1 content of a DGD / DCD that reaches rendered workloads unchanged. */
function passThroughProblems(doc: unknown): Problem[] {
  if (!isObject(doc) || !isObject(doc.spec)) return [];
  const spec = doc.spec;
  const v1alpha1 = doc.apiVersion === 'nvidia.com/v1alpha1';
  const problems: Problem[] = [];
  const components: [string, unknown][] = [];
  if (doc.kind === 'DynamoComponentDeployment') components.push(['spec', spec]);
  else if (doc.kind === 'DynamoGraphDeployment') {
    problems.push(...envListProblems(v1alpha1 ? spec.envs : spec.env, v1alpha1 ? 'spec.envs' : 'spec.env'));
    if (v1alpha1 && isObject(spec.services))
      for (const [k, c] of Object.entries(spec.services)) components.push([keyPath('spec.services', k), c]);
    if (!v1alpha1 && Array.isArray(spec.components))
      spec.components.forEach((c, i) => components.push([keyPath('spec.components', i), c]));
  } else return [];
  for (const [path, c] of components) {
    if (!isObject(c)) continue;
    const at = (f: string) => fieldPath(path, f);
    if (v1alpha1) {
      if (isObject(c.extraPodSpec)) {
        problems.push(
          ...podContentProblems(c.extraPodSpec, 'PodSpec', at('extraPodSpec'), {
            optionalAtRoot: ['containers'],
            extraAtRoot: ['mainContainer'],
          }),
        );
        // The rendered main container is named `main`: another container of that name is a duplicate.
        if (Array.isArray(c.extraPodSpec.containers))
          c.extraPodSpec.containers.forEach((x, j) => {
            if (isObject(x) && x.name === MAIN_CONTAINER_NAME)
              problems.push({
                path: fieldPath(keyPath(at('extraPodSpec.containers'), j), 'name'),
                message: `Duplicate value: "${MAIN_CONTAINER_NAME}": the main container (extraPodSpec.mainContainer) has this name`,
                severity: 'error',
              });
          });
        const main = c.extraPodSpec.mainContainer;
        if (main !== undefined && main !== null) {
          // The renderer names the main container `main`, whatever was written here.
          const overlay = isObject(main) && typeof main.name === 'string' ? { ...main, name: undefined } : main;
          problems.push(
            ...podContentProblems(overlay, 'Container', at('extraPodSpec.mainContainer'), {
              optionalAtRoot: ['name'],
              mergedResources: true,
            }),
          );
        }
      }
      for (const probe of ['livenessProbe', 'readinessProbe']) {
        if (isObject(c[probe])) problems.push(...podContentProblems(c[probe], 'Probe', at(probe)));
      }
      problems.push(...envListProblems(c.envs, at('envs')));
      for (const name of componentFieldsOfValue('container').filter(sameKeyInV1alpha1)) {
        const container = c[name];
        if (isObject(container)) problems.push(...envListProblems(container.envs, at(`${name}.envs`)));
      }
    } else if (c.podTemplate !== undefined && c.podTemplate !== null) {
      problems.push(...podContentProblems(c.podTemplate, 'PodTemplateSpec', at('podTemplate')));
    }
  }
  return problems;
}
