export { crdManifests } from './manifests';
export { crdToYaml } from './yaml';
export { GROUP } from './crd';
export type { JSONSchemaProps, ValidationRule } from './schema';
