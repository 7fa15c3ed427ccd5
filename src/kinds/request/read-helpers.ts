/** What each version's reader of a request gives the loader, and the small readers they share. */
import { DeploymentRequestModel, RequestPaths, ResolvedRequestSpec } from '../../api/input/deployment-request';
import { Problem } from '../../api/problems';
import { InputReader } from '../../api/read';

/** A request's spec read into the hub (the v1beta1 shape planning works from), with its field paths. */
export interface Read {
  readonly spec: ResolvedRequestSpec;
  readonly paths: RequestPaths;
  readonly deploymentOverrides?: DeploymentRequestModel['deploymentOverrides'];
  /** Rules of the version as written (v1beta2's CEL rules), checked as the spec is read. */
  readonly problems?: Problem[];
}

/** JSON numbers (Go float64 fields); integers read as numbers too. */
export function number(r: InputReader, v: unknown, path: string): number | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  r.error(path, 'must be a number');
  return undefined;
}

export const defined = <K extends string, V>(key: K, v: V | undefined): { [P in K]?: V } =>
  (v === undefined ? {} : { [key]: v }) as { [P in K]?: V };

export function dropUndefined<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}
