/**
 * The identity of a DynamoCheckpoint and its hash: the checkpoint ID that names the checkpoint
 * Job, labels its pods and places the artifact on the checkpoint PVC. Computed byte for byte as
 * the upstream operator does (reference §5), so an ID we compute matches the one it computes.
 */
import type { BackendFramework } from '../crds/vocabulary';
import { sha256Hex } from './sha256';

/** `spec.identity` of a DynamoCheckpoint: what makes two checkpoints interchangeable. */
export interface CheckpointIdentityInput {
  /** Model identifier, e.g. `Qwen/Qwen3-0.6B`. */
  readonly model: string;
  readonly backendFramework: BackendFramework;
  /** Included in the hash only when set. @default - not part of the identity */
  readonly dynamoVersion?: string;
  /** Minimum 1. @default 1 */
  readonly tensorParallelSize?: number;
  /** Minimum 1. @default 1 */
  readonly pipelineParallelSize?: number;
  /** Weight data type (e.g. `bfloat16`); included in the hash only when set. @default - not part of the identity */
  readonly dtype?: string;
  /** Minimum 1. @default - not part of the identity */
  readonly maxModelLen?: number;
  /** Further engine settings that change the snapshot. @default - none */
  readonly extraParameters?: Readonly<Record<string, string>>;
}

/** Hex characters of SHA-256 kept in the checkpoint ID (upstream: 64 bits). */
export const CHECKPOINT_ID_LENGTH = 16;

/**
 * SHA-256 over the JSON of the normalised identity, in upstream's field order, with Go's
 * `omitempty` rules (empty strings, 0 and empty maps are left out; TP / PP default to 1) and
 * Go's map-key sorting and HTML-safe string escaping; the first 16 hex characters.
 */
export function checkpointIdentityHash(identity: CheckpointIdentityInput): string {
  const parts: string[] = [];
  const field = (key: string, json: string) => parts.push(`${goString(key)}:${json}`);
  field('model', goString(identity.model ?? ''));
  field('backendFramework', goString(identity.backendFramework ?? ''));
  if (identity.dynamoVersion) field('dynamoVersion', goString(identity.dynamoVersion));
  field('tensorParallelSize', String(identity.tensorParallelSize || 1));
  field('pipelineParallelSize', String(identity.pipelineParallelSize || 1));
  if (identity.dtype) field('dtype', goString(identity.dtype));
  if (identity.maxModelLen) field('maxModelLen', String(identity.maxModelLen));
  const extra = Object.entries(identity.extraParameters ?? {});
  if (extra.length) {
    // Go sorts map keys by their bytes; for these keys that is UTF-16 order apart from astral
    // characters, which identity keys never hold.
    extra.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    field('extraParameters', `{${extra.map(([k, v]) => `${goString(k)}:${goString(v)}`).join(',')}}`);
  }
  return sha256Hex(`{${parts.join(',')}}`).slice(0, CHECKPOINT_ID_LENGTH);
}

/** A string as Go's encoding/json writes it: JSON.stringify plus escaped `<`, `>`, `&`, U+2028, U+2029. */
function goString(s: string): string {
  return JSON.stringify(s).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
