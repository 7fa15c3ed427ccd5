import { leaves, matchesValue, matchGolden } from './golden-matcher';

describe('golden matcher (upstream controller golden-test notation)', () => {
  test('equal plain values match, field by field', () => {
    const r = matchGolden({ a: 1, b: { c: 'x', d: [1, 2] } }, { a: 1, b: { c: 'x', d: [1, 2] } });
    expect(r).toEqual({ compared: 4, matched: 4, differences: [] });
  });

  test('a different value, a missing field and an extra field are three differences', () => {
    const r = matchGolden({ a: 1, b: 2 }, { a: 3, c: 4 });
    expect(r.differences).toEqual([
      { path: 'a', kind: 'value', expected: 1, actual: 3 },
      { path: 'b', kind: 'missing', expected: 2 },
      { path: 'c', kind: 'extra', actual: 4 },
    ]);
    expect(r.compared).toBe(3);
    expect(r.matched).toBe(0);
  });

  test('$strict: false allows extra keys in that map and below it; maps are strict otherwise', () => {
    const exp = { metadata: { $strict: false, name: 'x', labels: { a: '1' } }, spec: { b: 1 } };
    const act = { metadata: { name: 'x', uid: 'u', labels: { a: '1', extra: '2' } }, spec: { b: 1, c: 2 } };
    expect(matchGolden(exp, act).differences).toEqual([{ path: 'spec.c', kind: 'extra', actual: 2 }]);
  });

  test('$strict: true below a non-strict map is strict again', () => {
    const exp = { m: { $strict: false, n: { $strict: true, a: 1 } } };
    expect(matchGolden(exp, { m: { other: 1, n: { a: 1, b: 2 } } }).differences).toEqual([
      { path: 'm.n.b', kind: 'extra', actual: 2 },
    ]);
  });

  test('$pattern: is a regex over the whole value', () => {
    expect(matchGolden({ v: '$pattern:1\\.4\\..*' }, { v: '1.4.0' }).differences).toEqual([]);
    expect(matchGolden({ v: '$pattern:1\\.4' }, { v: '1.4.0' }).differences).toHaveLength(1);
    expect(matchGolden({ v: '$pattern:clusterenv-.*-x' }, { v: 'clusterenv-a-x' }).matched).toBe(1);
    expect(matchGolden({ v: '$pattern:.*' }, { v: 3 }).differences).toHaveLength(1);
  });

  test('$glob: matches * and ? and nothing else specially', () => {
    expect(matchGolden({ n: '$glob:g-decode-*' }, { n: 'g-decode-81c30ad2' }).differences).toEqual([]);
    expect(matchGolden({ n: '$glob:g-decode-*' }, { n: 'g-prefill-81c30ad2' }).differences).toHaveLength(1);
    expect(matchGolden({ n: '$glob:a.b' }, { n: 'axb' }).differences).toHaveLength(1);
    expect(matchGolden({ n: '$glob:a?c' }, { n: 'abc' }).differences).toEqual([]);
  });

  test('$ignore as a value takes anything or nothing; $ignore: true ignores a whole map', () => {
    const r = matchGolden({ image: '$ignore', status: { $ignore: true }, x: 1 }, { status: { a: 1 }, x: 1 });
    expect(r).toEqual({ compared: 1, matched: 1, differences: [] });
    expect(matchGolden({ image: '$ignore' }, { image: 'any:1' }).differences).toEqual([]);
  });

  test('$notexists: the field must be absent', () => {
    expect(matchGolden({ status: '$notexists' }, {}).differences).toEqual([]);
    expect(matchGolden({ status: '$notexists' }, { status: {} }).differences).toEqual([
      { path: 'status', kind: 'extra', actual: {} },
    ]);
  });

  test('$var: binds the first value and requires the same value afterwards, across objects of a case', () => {
    const vars = new Map<string, unknown>();
    expect(matchGolden({ l: '$var:h', e: '$var:h' }, { l: 'abc', e: 'abc' }, { vars }).differences).toEqual([]);
    expect(matchGolden({ l: '$var:h' }, { l: 'xyz' }, { vars }).differences).toEqual([
      { path: 'l', kind: 'value', expected: '$var:h', actual: 'xyz' },
    ]);
    expect(vars.get('h')).toBe('abc');
  });

  test('lists of named maps are compared by name; other lists by position', () => {
    const exp = {
      env: [
        { name: 'A', value: '1' },
        { name: 'B', value: '2' },
      ],
      args: ['x', 'y'],
    };
    const act = {
      env: [
        { name: 'B', value: '2' },
        { name: 'C', value: '3' },
      ],
      args: ['y', 'x', 'z'],
    };
    expect(matchGolden(exp, act).differences).toEqual([
      { path: 'env[A]', kind: 'missing', expected: { name: 'A', value: '1' } },
      { path: 'env[C]', kind: 'extra', actual: { name: 'C', value: '3' } },
      { path: 'args[0]', kind: 'value', expected: 'x', actual: 'y' },
      { path: 'args[1]', kind: 'value', expected: 'y', actual: 'x' },
      { path: 'args[2]', kind: 'extra', actual: 'z' },
    ]);
  });

  test('a missing subtree counts all its leaves as compared, as one difference', () => {
    const r = matchGolden({ a: { b: 1, c: [1, 2] } }, {});
    expect(r.compared).toBe(3);
    expect(r.differences).toHaveLength(1);
  });

  test('skipMissing leaves out what the API server would fill in, and does not count it', () => {
    const r = matchGolden(
      { dnsPolicy: 'ClusterFirst', x: 1 },
      { x: 1 },
      { skipMissing: (path, v) => path === 'dnsPolicy' && v === 'ClusterFirst' },
    );
    expect(r).toEqual({ compared: 1, matched: 1, differences: [] });
  });

  test('a literal string starting with $ that is no matcher word compares literally', () => {
    expect(matchGolden({ v: '$HOME' }, { v: '$HOME' }).differences).toEqual([]);
  });

  test('matchesValue pairs objects by a name that may be a word', () => {
    expect(matchesValue('$glob:g-decode-*', 'g-decode-1')).toBe(true);
    expect(matchesValue('g-frontend', 'g-frontend')).toBe(true);
    expect(matchesValue('$glob:g-decode-*', 'g-frontend')).toBe(false);
  });

  test('leaves counts expected leaves, not words that ignore', () => {
    expect(leaves({ a: 1, b: [1, { c: 2 }], $strict: false, d: '$ignore', s: { $ignore: true } })).toBe(3);
  });
});
