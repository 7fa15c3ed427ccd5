/** The caches the Grove path needs: rendered PodCliqueSets and the objects Grove makes from them. */
import { KubeObject } from './kube/client';
import { Informer } from './watch';

export interface GroveInformers {
  readonly podCliqueSets: Informer<KubeObject>;
  readonly podCliques: Informer<KubeObject>;
  readonly scalingGroups: Informer<KubeObject>;
}
