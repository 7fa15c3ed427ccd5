/**
 * Field paths in the version the user wrote. The model is version-neutral, so validation asks
 * here where a model field came from: `spec.services[Frontend].replicas` (v1alpha1),
 * `spec.components[2].replicas` (v1beta1), `spec.replicas` (standalone DCD).
 */
import { componentFieldDeclaration, ComponentFieldName } from '../crds/component-fields';
import { MAIN_CONTAINER_NAME } from '../crds/vocabulary';
import { JsonObject } from './k8s-types';
import { GraphModel } from './model';
import { fieldPath, isObject, keyPath } from './read';

export class InputPaths {
  public readonly v1alpha1: boolean;
  /** `service` / `component`, for messages. */
  public readonly noun: string;

  constructor(private readonly model: GraphModel) {
    this.v1alpha1 = model.apiVersion === 'nvidia.com/v1alpha1';
    this.noun = this.v1alpha1 ? 'service' : 'component';
  }

  /** `spec.services` / `spec.components`. */
  public get components(): string {
    return this.v1alpha1 ? 'spec.services' : 'spec.components';
  }

  public get graphEnv(): string {
    return this.v1alpha1 ? 'spec.envs' : 'spec.env';
  }

  public get topologyProfile(): string {
    return this.v1alpha1 ? 'spec.topologyConstraint.topologyProfile' : 'spec.topologyConstraint.clusterTopologyName';
  }

  public component(i: number): string {
    if (this.model.kind === 'DynamoComponentDeployment') return 'spec';
    return this.v1alpha1 ? keyPath('spec.services', this.model.components[i].name) : keyPath('spec.components', i);
  }

  public at(i: number, field: string): string {
    return fieldPath(this.component(i), field);
  }

  public podSpec(i: number): string {
    return this.at(i, this.v1alpha1 ? 'extraPodSpec' : 'podTemplate.spec');
  }

  public podMetadata(i: number): string {
    return this.at(i, this.v1alpha1 ? 'extraPodMetadata' : 'podTemplate.metadata');
  }

  /** The main container: `extraPodSpec.mainContainer` or the `main` entry of `podTemplate.spec.containers`. */
  public mainContainer(i: number): string {
    return this.v1alpha1 ? this.at(i, 'extraPodSpec.mainContainer') : this.podContainer(i, MAIN_CONTAINER_NAME);
  }

  /** A container of `extraPodSpec.containers` / `podTemplate.spec.containers`, by name. */
  public podContainer(i: number, name: string): string {
    const containers = fieldPath(this.podSpec(i), 'containers');
    const index = this.sourceContainers(i).findIndex((c) => c.name === name);
    return index < 0 ? containers : keyPath(containers, index);
  }

  public env(i: number): string {
    return this.v1alpha1 ? this.at(i, 'envs') : fieldPath(this.mainContainer(i), 'env');
  }

  /** One resource of the model's (Kubernetes-form) requirements, where the user wrote it. */
  public resource(i: number, section: 'requests' | 'limits', name: string): string {
    if (!this.v1alpha1) return keyPath(fieldPath(this.mainContainer(i), `resources.${section}`), name);
    const base = this.at(i, `resources.${section}`);
    if (name === 'cpu' || name === 'memory') return fieldPath(base, name);
    const items = this.sourceAt(this.sourceComponent(i), 'resources', section);
    const gpuName = typeof items?.gpuType === 'string' && items.gpuType ? items.gpuType : 'nvidia.com/gpu';
    return name === gpuName && items?.gpu !== undefined
      ? fieldPath(base, 'gpu')
      : keyPath(fieldPath(base, 'custom'), name);
  }

  /** v1alpha1 `checkpoint`, v1beta1 `experimental.checkpoint`. */
  public checkpoint(i: number, field?: string): string {
    const base = this.at(i, this.v1alpha1 ? 'checkpoint' : 'experimental.checkpoint');
    return field ? fieldPath(base, field) : base;
  }

  /** v1alpha1 `gpuMemoryService`, v1beta1 `experimental.gpuMemoryService`. */
  public gpuMemoryService(i: number, field?: string): string {
    const base = this.at(i, this.v1alpha1 ? 'gpuMemoryService' : 'experimental.gpuMemoryService');
    return field ? fieldPath(base, field) : base;
  }

  /** v1alpha1 `failover`, v1beta1 `experimental.failover`. */
  public failover(i: number, field?: string): string {
    const base = this.at(i, this.v1alpha1 ? 'failover' : 'experimental.failover');
    return field ? fieldPath(base, field) : base;
  }

  /** Where the main container's GPU limit is written (v1alpha1 `resources.limits.gpu`). */
  public gpuLimit(i: number): string {
    return this.v1alpha1 ? this.at(i, 'resources.limits.gpu') : this.resource(i, 'limits', 'nvidia.com/gpu');
  }

  /** A declared component field (`crds/component-fields.ts`): its v1beta1 key, or where v1alpha1 holds it. */
  public componentField(i: number, name: ComponentFieldName): string {
    const v1alpha1 = componentFieldDeclaration(name).v1alpha1;
    return this.at(i, this.v1alpha1 && v1alpha1 ? v1alpha1 : name);
  }

  /** v1beta1's only volume mount is `compilationCache`. */
  public volumeMount(i: number, j: number, field: 'name' | 'mountPoint'): string {
    if (this.v1alpha1) return fieldPath(keyPath(this.at(i, 'volumeMounts'), j), field);
    return this.at(i, field === 'name' ? 'compilationCache.pvcName' : 'compilationCache.mountPath');
  }

  /** A `container` field's image / env: fields of the field (v1alpha1 spells it out), or of the container it names. */
  public injectedContainer(i: number, name: ComponentFieldName, field: 'image' | 'env'): string {
    if (this.v1alpha1) return fieldPath(this.componentField(i, name), field === 'env' ? 'envs' : 'image');
    const named = this.sourceComponent(i)?.[name];
    return fieldPath(this.podContainer(i, typeof named === 'string' ? named : ''), field);
  }

  private sourceComponent(i: number): JsonObject | undefined {
    const spec = this.model.source.spec;
    if (!isObject(spec)) return undefined;
    if (this.model.kind === 'DynamoComponentDeployment') return spec;
    const c = this.v1alpha1
      ? isObject(spec.services)
        ? spec.services[this.model.components[i].name]
        : undefined
      : Array.isArray(spec.components)
        ? spec.components[i]
        : undefined;
    return isObject(c) ? c : undefined;
  }

  private sourceContainers(i: number): JsonObject[] {
    const spec = this.v1alpha1
      ? this.sourceAt(this.sourceComponent(i), 'extraPodSpec')
      : this.sourceAt(this.sourceComponent(i), 'podTemplate', 'spec');
    return Array.isArray(spec?.containers) ? spec.containers.map((c) => (isObject(c) ? c : {})) : [];
  }

  private sourceAt(o: JsonObject | undefined, ...keys: string[]): JsonObject | undefined {
    let cur: unknown = o;
    for (const k of keys) cur = isObject(cur) ? cur[k] : undefined;
    return isObject(cur) ? cur : undefined;
  }
}
