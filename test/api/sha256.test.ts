import { createHash } from 'crypto';
import { sha256Hex, sha256HexJs } from '../../src/api/sha256';
import { seededRng } from '../cluster/fuzz-mutate';

const native = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

test('the FIPS 180-4 examples', () => {
  expect(sha256HexJs('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  expect(sha256HexJs('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  expect(sha256HexJs('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')).toBe(
    '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
  );
});

test('the same digest as node:crypto at every length around the block and padding edges, and for non-ASCII text', () => {
  const rng = seededRng(20261127);
  const alphabet = 'aZ09 {}":,\n-é€😀';
  for (let length = 0; length <= 300; length++) {
    // Built from code points, so é, € and 😀 make 2-, 3- and 4-byte UTF-8 sequences.
    const text = Array.from({ length }, () => [...alphabet][Math.floor(rng() * [...alphabet].length)]).join('');
    expect(sha256HexJs(text)).toBe(native(text));
  }
  const big = 'x'.repeat(1 << 20);
  expect(sha256HexJs(big)).toBe(native(big));
});

test('sha256Hex gives the same digests before and after it hands over to node:crypto', () => {
  const texts = Array.from({ length: 100 }, (_, i) => `${'{"worker":"decode"}'.repeat(200)}${i}`);
  // 100 x ~3.8 KiB: the first ~70 are hashed in JavaScript, the rest by node:crypto.
  expect(texts.map(sha256Hex)).toEqual(texts.map(native));
});
