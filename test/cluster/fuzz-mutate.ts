/**
 * Deterministic mutations of graph manifests for the fuzz test: a seeded PRNG (mulberry32, no
 * Math.random) picks a node anywhere under `spec` and replaces, deletes, adds or duplicates
 * something there, with values chosen to sit on both sides of our rules.
 */
export type Rng = () => number;

/** mulberry32: tiny, fast, good enough to spread mutations; the same seed gives the same run. */
export function seededRng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)];

const VALUES: readonly unknown[] = [
  -1,
  0,
  1,
  2,
  3,
  26,
  1.5,
  '',
  'x',
  'Worker',
  'worker',
  'frontend',
  'epp',
  'router',
  'vllm',
  'tgi',
  '-bad',
  'a b',
  'UPPER',
  '1Gi',
  '-1Gi',
  'nvcr.io/nvidia/ai-dynamo/vllm-runtime:1.3.1',
  true,
  false,
  null,
  {},
  [],
];

/** Fields our rules look at, added to a random object. */
const ADDITIONS: readonly [string, (rng: Rng) => unknown][] = [
  ['replicas', (r) => pick(r, [-1, 0, 1, 2])],
  ['multinode', (r) => ({ nodeCount: pick(r, [0, 1, 2, 3]) })],
  ['type', (r) => pick(r, ['frontend', 'worker', 'prefill', 'decode', 'planner', 'epp', 'router'])],
  ['eppConfig', (r) => pick(r, [{ config: {} }, { configMapRef: { name: 'c', key: 'k' } }, {}])],
  ['scalingAdapter', () => ({})],
  ['sharedMemorySize', (r) => pick(r, ['1Gi', '0', '-1Gi', 'lots'])],
  ['name', (r) => pick(r, ['Frontend', 'frontend', 'w-2', '-w', 'a'.repeat(64)])],
  ['backendFramework', (r) => pick(r, ['vllm', 'sglang', 'trtllm', 'tgi'])],
  ['componentType', (r) => pick(r, ['frontend', 'worker', 'planner', 'main'])],
  ['envs', (r) => pick(r, [[{ name: 'A', value: '1' }], [{ name: '1BAD', value: 'x' }], [{}]])],
  ['minAvailable', (r) => pick(r, [0, 1, 2, 3])],
  [
    'experimental',
    (r) =>
      pick(r, [
        { kvTransferPolicy: { labelKey: 'topology.kubernetes.io/zone' } },
        { kvTransferPolicy: { clusterTopologyName: 't', labelKey: 'topology.kubernetes.io/zone' } },
        { kvTransferPolicy: {} },
        { checkpoint: { enabled: true, checkpointRef: 'c' } },
        { checkpoint: { enabled: true, checkpointRef: 'c', job: { podTemplate: {} } } },
      ]),
  ],
];

interface Slot {
  parent: Record<string, unknown> | unknown[];
  key: string | number;
}

function slots(node: unknown, out: Slot[] = []): Slot[] {
  if (Array.isArray(node))
    node.forEach((v, i) => {
      out.push({ parent: node, key: i });
      slots(v, out);
    });
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      out.push({ parent: node as Record<string, unknown>, key: k });
      slots(v, out);
    }
  }
  return out;
}

/** Applies 1–3 random mutations under `doc.spec` (in place) and returns a short description. */
export function mutate(doc: { spec: unknown }, rng: Rng): string[] {
  const done: string[] = [];
  const n = 1 + Math.floor(rng() * 3);
  for (let i = 0; i < n; i++) {
    const all = slots(doc.spec);
    if (all.length === 0) break;
    const s = pick(rng, all);
    const op = rng();
    if (op < 0.4) {
      const v = pick(rng, VALUES);
      (s.parent as any)[s.key] = v;
      done.push(`set ${String(s.key)}=${JSON.stringify(v)}`);
    } else if (op < 0.55) {
      if (Array.isArray(s.parent)) s.parent.splice(s.key as number, 1);
      else delete s.parent[s.key as string];
      done.push(`delete ${String(s.key)}`);
    } else if (op < 0.65 && Array.isArray(s.parent)) {
      s.parent.push(JSON.parse(JSON.stringify(s.parent[s.key as number] ?? null)));
      done.push(`duplicate [${String(s.key)}]`);
    } else {
      const target = (s.parent as any)[s.key];
      const obj = target && typeof target === 'object' && !Array.isArray(target) ? target : s.parent;
      if (Array.isArray(obj)) continue;
      const [field, value] = pick(rng, ADDITIONS);
      obj[field] = value(rng);
      done.push(`add ${field}=${JSON.stringify(obj[field])}`);
    }
  }
  return done;
}
