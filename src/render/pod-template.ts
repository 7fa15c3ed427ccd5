/**
 * The rendered pod template's shape: built by pod.ts, carried by the workloads and edited after
 * assembly by features such as checkpoint restore, so it stands below all of them.
 */
import { JsonObject } from '../api/k8s-types';

export interface PodTemplate {
  metadata: { labels: Record<string, string>; annotations?: Record<string, string> };
  spec: JsonObject;
}
