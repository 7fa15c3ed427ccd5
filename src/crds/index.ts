export { crdManifests, type CrdSetOptions } from './manifests';
/** The CRDs' YAML is the project's one YAML form. */
export { toYaml as crdToYaml } from '../output/yaml';
export { GROUP } from './crd';
export type { JSONSchemaProps, ValidationRule } from './schema';
