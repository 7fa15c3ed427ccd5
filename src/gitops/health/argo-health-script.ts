/** One Argo CD Lua health check (resource_customizations/<group>/<kind>/health.lua). */
export interface ArgoHealthScript {
  /** API group, e.g. `nvidia.com`. */
  readonly group: string;
  readonly kind: string;
  /** The script: reads the global `obj`, returns `{ status, message }`. */
  readonly lua: string;
}
