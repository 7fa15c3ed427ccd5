export { crdManifests } from './manifests';
export { GROUP } from './crd';
export type { JSONSchemaProps, ValidationRule } from './schema';
