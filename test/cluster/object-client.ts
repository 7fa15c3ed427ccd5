/**
 * A thin layer over @kubernetes/client-node's KubernetesObjectApi for the tests of issue 19's
 * fields: server-side apply as Flux does it, reads, CRD installs, and the API server's error text.
 */
import { ApiException, dumpYaml, KubeConfig, KubernetesObject, KubernetesObjectApi, loadYaml, PatchStrategy } from '@kubernetes/client-node';
import { parse } from 'yaml';
import { crdManifests } from '../../src/crds';

export const FLUX_MANAGER = 'kustomize-controller';

export interface Obj extends KubernetesObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; [k: string]: unknown };
  [field: string]: unknown;
}

export class ObjectClient {
  private api: KubernetesObjectApi;

  constructor(private readonly kc: KubeConfig) {
    this.api = KubernetesObjectApi.makeApiClient(kc);
  }

  static fromTestEnv(): ObjectClient {
    const kc = new KubeConfig();
    kc.loadFromFile(process.env.DYNAMO_IAC_TEST_KUBECONFIG!);
    return new ObjectClient(kc);
  }

  /** Server-side apply (forced, as Flux applies) under `fieldManager`; the object as stored (wire form). */
  async apply(obj: Obj, opts: { fieldManager?: string; dryRun?: boolean } = {}): Promise<Obj> {
    // The client serializes built-in kinds from its typed models, so wire JSON is loaded into them first.
    const typed = loadYaml<KubernetesObject>(JSON.stringify(obj));
    const got = await this.api.patch(typed, undefined, opts.dryRun ? 'All' : undefined, opts.fieldManager ?? FLUX_MANAGER, true, PatchStrategy.ServerSideApply);
    return wire(got);
  }

  /** The stored object in wire form. */
  async read(obj: Obj): Promise<Obj> {
    return wire(await this.api.read({ apiVersion: obj.apiVersion, kind: obj.kind, metadata: { name: obj.metadata.name, namespace: obj.metadata.namespace } }));
  }

  /** Applies CRDs and waits until each is Established; a fresh client then sees the new kinds. */
  async installCrds(crds: Obj[]): Promise<void> {
    for (const crd of crds) {
      await this.apply(crd);
      for (let i = 0; ; i++) {
        const got = await this.read(crd) as any;
        if ((got.status?.conditions ?? []).some((c: any) => c.type === 'Established' && c.status === 'True')) break;
        if (i > 300) throw new Error(`CRD ${crd.metadata.name} not Established`);
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    this.api = KubernetesObjectApi.makeApiClient(this.kc);
  }

  createNamespace(name: string): Promise<Obj> {
    return this.apply({ apiVersion: 'v1', kind: 'Namespace', metadata: { name } });
  }
}

/** A typed client object back in the JSON the API server speaks. */
function wire(o: KubernetesObject): Obj {
  return parse(dumpYaml(o)) as Obj;
}

/** The API server's message for a refused request, or '' when it was accepted. */
export async function refusal(request: Promise<unknown>): Promise<string> {
  try {
    await request;
    return '';
  } catch (e) {
    if (!(e instanceof ApiException)) throw e;
    const body = typeof e.body === 'string' ? safeJson(e.body) : e.body;
    return String((body as { message?: string } | undefined)?.message ?? e.message);
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return { message: text };
  }
}

/** A client with `crds` installed (default: ours) and a fresh namespace named after `prefix`. */
export async function testNamespace(prefix: string, crds: Obj[] = crdManifests() as Obj[]): Promise<{ kube: ObjectClient; ns: string }> {
  const kube = ObjectClient.fromTestEnv();
  await kube.installCrds(crds);
  const ns = uniqueNamespace(prefix);
  await kube.createNamespace(ns);
  return { kube, ns };
}

export const uniqueNamespace = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e4)}`;
