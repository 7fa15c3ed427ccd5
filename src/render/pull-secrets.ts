/**
 * Image pull secrets by registry. Upstream discovers docker-registry Secrets in
 * the cluster at reconcile time; at build time the platform settings map
 * registry hosts to secret names instead.
 */
import { JsonObject } from '../api/k8s-types';
import { ComponentContext } from './context';
import { ANNOTATION } from './labels';

export function registryOf(image: string): string {
  const first = image.split('/')[0];
  const hasRegistry = image.includes('/') && (first.includes('.') || first.includes(':') || first === 'localhost');
  return hasRegistry ? first : 'docker.io';
}

export function imagePullSecretsFor(cc: ComponentContext, containers: JsonObject[]): string[] {
  if (cc.annotations[ANNOTATION.disablePullSecretDiscovery] === 'true') return [];
  const names: string[] = [];
  for (const c of containers) {
    if (typeof c.image !== 'string' || !c.image) continue;
    for (const s of cc.settings.imagePullSecrets[registryOf(c.image)] ?? []) if (!names.includes(s)) names.push(s);
  }
  return names;
}
