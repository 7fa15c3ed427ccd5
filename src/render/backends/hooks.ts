/**
 * What a backend plugs into the pod template: the hook table's shape, kept apart from the table
 * (index.ts) so each backend can implement it without importing the table that lists it.
 */
import { Container, EnvVar, JsonObject } from '../../api/k8s-types';
import { MultinodeNode } from '../multinode-roles';

/** What a backend needs to launch one node of a multinode component. */
export interface MultinodeLaunchInput {
  readonly node: MultinodeNode;
  /** The main container with every override and env applied (the backend reads command, args, env, image). */
  readonly container: Readonly<Container>;
  /** GPUs per node from `resources.limits` / `resources.requests` (0 when not a whole number). */
  readonly gpuLimit: number;
  readonly gpuRequest: number;
  /** The component's pod template annotations as upstream reads them (executor-backend choice, origin version). */
  readonly annotations: Readonly<Record<string, string>>;
  /** The graph's wait-for-leader ConfigMap; undefined for a standalone component deployment. */
  readonly waitLeaderConfigMap?: string;
  /** Secret with the MPI SSH key pair (TRT-LLM). */
  readonly mpiSshSecretName: string;
}

export type ProbeField = 'livenessProbe' | 'readinessProbe' | 'startupProbe';

/** Changes to one node's pod; every field is optional and absent means "unchanged". */
export interface MultinodeLaunch {
  readonly command?: string[];
  readonly args?: string[];
  /** Appended to (or replacing by name in) the main container's env, after everything else. */
  readonly env?: EnvVar[];
  /** Main-container mounts, placed before the shared-memory mount. */
  readonly volumeMounts?: JsonObject[];
  /** Pod volumes, placed after the shared-memory volume. */
  readonly volumes?: JsonObject[];
  /** Appended after the user's init containers. */
  readonly initContainers?: JsonObject[];
  readonly removeProbes?: readonly ProbeField[];
  readonly readinessProbe?: JsonObject;
}

export interface BackendHooks {
  /** Env the engine needs given its compilation-cache mount, appended after everything else. */
  compilationCacheEnv?(mountPath: string): EnvVar[];
  /** How one node of a multinode component starts. Absent = every node runs the command unchanged. */
  multinode?(input: MultinodeLaunchInput): MultinodeLaunch;
}
