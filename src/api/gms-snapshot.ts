/**
 * Upstream's refusal of a checkpoint of a GPU Memory Service pod: both the DynamoCheckpoint check
 * and the graph's GMS rules give it, so it lives below both.
 */
export const GMS_SNAPSHOT_DISABLED =
  'GMS + Snapshot is temporarily disabled; disable gpuMemoryService or enable the internal GMS + Snapshot gate';
