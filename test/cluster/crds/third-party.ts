/**
 * TEST-ONLY stand-ins for the third-party CRDs our output references. No npm package ships
 * these CRDs' OpenAPI schemas (the `@kubernetes-models/*` packages carry compiled ajv
 * validators, not CRD schemas), and the test machine cannot download the upstream YAML. So each
 * stand-in has the real group, version(s), kind, plural, scope and subresources, and a
 * `spec` that keeps unknown fields: the cluster tests prove that our objects apply and read
 * back under server-side apply (names, ownership, idempotence), NOT that they match the
 * third-party schema. See test/cluster/README.md.
 */
import { crdManifests } from '../../../src/crds';
import { KubeClient, ServerObject } from '../kube';

interface StandIn {
  group: string;
  /** Served versions; the first is the storage version. */
  versions: string[];
  kind: string;
  plural: string;
  shortNames?: string[];
  /** A `scale` subresource, as the real CRD has (autoscalers and our runtime operator use it). */
  scale?: { specReplicasPath: string; statusReplicasPath: string; labelSelectorPath?: string };
  /** Typed `spec` fields where the real schema's list semantics matter to server-side apply. */
  specProperties?: Record<string, unknown>;
}

const open = { type: 'object', 'x-kubernetes-preserve-unknown-fields': true };

export const THIRD_PARTY_KINDS: StandIn[] = [
  {
    group: 'leaderworkerset.x-k8s.io',
    versions: ['v1'],
    kind: 'LeaderWorkerSet',
    plural: 'leaderworkersets',
    shortNames: ['lws'],
    scale: {
      specReplicasPath: '.spec.replicas',
      statusReplicasPath: '.status.replicas',
      labelSelectorPath: '.status.hpaPodSelector',
    },
  },
  { group: 'scheduling.volcano.sh', versions: ['v1beta1'], kind: 'PodGroup', plural: 'podgroups', shortNames: ['pg'] },
  {
    group: 'grove.io',
    versions: ['v1alpha1'],
    kind: 'PodCliqueSet',
    plural: 'podcliquesets',
    shortNames: ['pcs'],
    // Grove's PodCliqueSetTemplateSpec.Cliques is `+listType=map +listMapKey=name`: the
    // operator's restart annotation on one clique and Flux's apply of the set then coexist.
    specProperties: {
      template: {
        ...open,
        properties: {
          cliques: {
            type: 'array',
            'x-kubernetes-list-type': 'map',
            'x-kubernetes-list-map-keys': ['name'],
            items: { ...open, required: ['name'], properties: { name: { type: 'string' } } },
          },
        },
      },
    },
  },
  // Grove creates these from a PodCliqueSet; the runtime operator scales them through /scale.
  {
    group: 'grove.io',
    versions: ['v1alpha1'],
    kind: 'PodClique',
    plural: 'podcliques',
    shortNames: ['pclq'],
    scale: {
      specReplicasPath: '.spec.replicas',
      statusReplicasPath: '.status.replicas',
      labelSelectorPath: '.status.hpaPodSelector',
    },
  },
  {
    group: 'grove.io',
    versions: ['v1alpha1'],
    kind: 'PodCliqueScalingGroup',
    plural: 'podcliquescalinggroups',
    shortNames: ['pcsg'],
    scale: {
      specReplicasPath: '.spec.replicas',
      statusReplicasPath: '.status.replicas',
      labelSelectorPath: '.status.selector',
    },
  },
  { group: 'inference.networking.k8s.io', versions: ['v1'], kind: 'InferencePool', plural: 'inferencepools' },
  {
    group: 'networking.istio.io',
    versions: ['v1', 'v1beta1', 'v1alpha3'],
    kind: 'VirtualService',
    plural: 'virtualservices',
    shortNames: ['vs'],
  },
  {
    group: 'monitoring.coreos.com',
    versions: ['v1'],
    kind: 'ServiceMonitor',
    plural: 'servicemonitors',
    shortNames: ['smon'],
  },
  // Flux kinds are not stood in for: the Flux suite (test/flux) installs Flux's real CRDs (./flux.ts).
];

function standInCrd(s: StandIn): ServerObject {
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: {
      name: `${s.plural}.${s.group}`,
      labels: { 'dynamo-iac.test/stand-in': 'true' },
      annotations: {
        'dynamo-iac.test/note': 'test-only stand-in: real names, open spec; not the upstream schema',
        // *.k8s.io groups are protected; an "unapproved, ..." value is the documented opt-out.
        ...(/\.k8s\.io$|\.kubernetes\.io$/.test(s.group)
          ? { 'api-approved.kubernetes.io': 'unapproved, test-only stand-in' }
          : {}),
      },
    },
    spec: {
      group: s.group,
      scope: 'Namespaced',
      names: {
        kind: s.kind,
        listKind: `${s.kind}List`,
        plural: s.plural,
        singular: s.kind.toLowerCase(),
        shortNames: s.shortNames ?? [],
      },
      versions: s.versions.map((name, i) => ({
        name,
        served: true,
        storage: i === 0,
        subresources: { status: {}, ...(s.scale ? { scale: s.scale } : {}) },
        schema: {
          openAPIV3Schema: {
            type: 'object',
            properties: {
              // Typed only where a scale subresource or the list semantics (specProperties) need it.
              spec:
                s.scale || s.specProperties
                  ? {
                      ...open,
                      properties: {
                        ...(s.scale ? { replicas: { type: 'integer', format: 'int32' } } : {}),
                        ...s.specProperties,
                      },
                    }
                  : open,
              status: open,
            },
          },
        },
      })),
    },
  };
}

export function thirdPartyCrds(): ServerObject[] {
  return THIRD_PARTY_KINDS.map(standInCrd);
}

/** Installs every stand-in (idempotent: server-side apply) and waits until each is Established. */
export async function installThirdPartyCrds(kube: KubeClient): Promise<void> {
  for (const crd of thirdPartyCrds()) await kube.installCrd(crd);
}

/** Our CRDs and the stand-ins: every kind we render can be dry-run or applied. */
export async function installEveryRenderedKind(kube: KubeClient): Promise<void> {
  for (const crd of crdManifests()) await kube.installCrd(crd as ServerObject);
  await installThirdPartyCrds(kube);
}
