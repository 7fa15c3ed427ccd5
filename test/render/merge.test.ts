import { clone, overrideMerge } from '../../src/render/merge';

const base = () => ({
  image: 'a',
  probe: { httpGet: { path: '/live', port: 'system' }, periodSeconds: 5 },
  ports: [1, 2],
});

test('overrideMerge: objects merge key by key, arrays are replaced, empty overlay values never replace', () => {
  expect(
    overrideMerge(base(), { probe: { periodSeconds: 10, httpGet: { path: '/health' } }, ports: [3], image: '' }),
  ).toEqual({ image: 'a', probe: { httpGet: { path: '/health', port: 'system' }, periodSeconds: 10 }, ports: [3] });
  expect(overrideMerge(base(), undefined)).toEqual(base());
});

test('overrideMerge shares no structure with, and changes nothing in, its inputs', () => {
  const b = base();
  const overlay = { probe: { httpGet: { port: 9090 } }, extra: { list: [{ x: 1 }] } };
  const out = overrideMerge(b, overlay) as any;
  expect(b).toEqual(base());
  expect(overlay).toEqual({ probe: { httpGet: { port: 9090 } }, extra: { list: [{ x: 1 }] } });
  expect(out.probe).not.toBe(b.probe);
  expect(out.probe.httpGet).not.toBe(b.probe.httpGet);
  expect(out.ports).not.toBe(b.ports);
  expect(out.extra).not.toBe(overlay.extra);
  expect(out.extra.list[0]).not.toBe(overlay.extra.list[0]);
});

test('clone copies JSON data deeply', () => {
  const v = { a: [{ b: 1 }, 'c', null], d: { e: true } };
  const c = clone(v);
  expect(c).toEqual(v);
  expect(c.a).not.toBe(v.a);
  expect(c.a[0]).not.toBe(v.a[0]);
  expect(c.d).not.toBe(v.d);
});
