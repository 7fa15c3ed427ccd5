/**
 * The ApiObject our constructs add for each rendered object. The render core
 * returns plain JSON data (no tokens, no class instances), so cdk8s's generic
 * `toJson()` (a resolver pass over every value, then a sanitising copy) does
 * work that cannot change the result; on a 1,000-graph app it is ~5% of synth.
 * This one copies the object once, with sorted keys and without null/undefined
 * values, exactly as cdk8s would. It falls back to cdk8s's own `toJson()` when
 * that could differ: a custom resolver on the App, a JSON patch, or any value
 * that is not plain JSON data (a `Lazy`, a function, a class instance).
 */
import { ApiObject, App, ImplicitTokenResolver, JsonPatch, LazyResolver, NumberStringUnionResolver } from 'cdk8s';
import { Construct } from 'constructs';
import { KubeObject } from '../api/k8s-types';

/** Marks a value cdk8s's resolvers might change: the copy is abandoned. */
const NOT_PLAIN = Symbol('not plain JSON data');

const DEFAULT_RESOLVERS = [LazyResolver, ImplicitTokenResolver, NumberStringUnionResolver];

export class RenderedApiObject extends ApiObject {
  private patched = false;

  public constructor(
    scope: Construct,
    id: string,
    private readonly rendered: KubeObject,
  ) {
    super(scope, id, rendered);
  }

  public override addJsonPatch(...ops: JsonPatch[]): void {
    this.patched = true;
    super.addJsonPatch(...ops);
  }

  public override toJson(): Record<string, unknown> {
    if (this.patched || !onlyDefaultResolvers(App.of(this))) return super.toJson();
    const { apiVersion, kind, metadata: _fromMetadataDefinition, ...rest } = this.rendered;
    const body = plainCopy(rest);
    if (body === NOT_PLAIN) return super.toJson();
    const sorted = body as Record<string, unknown>;
    // cdk8s's order: apiVersion, kind, metadata, then the other keys sorted.
    const metadata = this.metadata.toJson();
    return metadata === undefined ? { apiVersion, kind, ...sorted } : { apiVersion, kind, metadata, ...sorted };
  }
}

function onlyDefaultResolvers(app: App): boolean {
  return app.resolvers.every((r) => DEFAULT_RESOLVERS.some((type) => r.constructor === type));
}

/**
 * What cdk8s's resolve + sanitizeValue produce for plain JSON data: keys sorted, null and
 * undefined dropped from objects (turned into undefined inside arrays). NOT_PLAIN for anything else.
 */
function plainCopy(value: unknown): unknown {
  if (typeof value !== 'object') {
    const t = typeof value;
    return t === 'string' || t === 'number' || t === 'boolean' || t === 'undefined' ? value : NOT_PLAIN;
  }
  if (value === null) return undefined;
  if (Array.isArray(value)) {
    const out = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) {
      const v = plainCopy(value[i]);
      if (v === NOT_PLAIN) return NOT_PLAIN;
      out[i] = v;
    }
    return out;
  }
  if (Object.getPrototypeOf(value) !== Object.prototype) return NOT_PLAIN;
  const source = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of sortedKeys(source)) {
    const v = plainCopy(source[key]);
    if (v === NOT_PLAIN) return NOT_PLAIN;
    if (v !== undefined) out[key] = v;
  }
  return out;
}

/** Most rendered maps are in order already: checking is cheaper than sorting. */
function sortedKeys(o: object): string[] {
  const keys = Object.keys(o);
  for (let i = 1; i < keys.length; i++) if (keys[i - 1] > keys[i]) return keys.sort();
  return keys;
}
