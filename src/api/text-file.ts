/**
 * Reading an input file with its size limit checked on the bytes actually read: the size a file
 * reports cannot be trusted (`/dev/zero`, a FIFO, a file that grows while it is read).
 */
import { isUtf8 } from 'buffer';
import * as fs from 'fs';
import { MAX_MANIFEST_BYTES } from './parse';

const CHUNK = 1 << 16;

export const IS_A_DIRECTORY = 'is a directory';

/** A file that cannot be read, or is over the limit; the message does not repeat the file name. */
export class TextFileError extends Error {}

/** The file has more bytes than the limit it was read with. */
export class TooLargeError extends TextFileError {}

/** The file's bytes, at most `limit` of them (10 MiB unless told). */
export function readBoundedFile(file: string, limit = MAX_MANIFEST_BYTES): Buffer {
  let fd: number;
  try {
    fd = fs.openSync(file, 'r');
  } catch (e) {
    throw new TextFileError(`cannot read: ${(e as Error).message}`, { cause: e });
  }
  try {
    if (fs.fstatSync(fd).isDirectory()) throw new TextFileError(IS_A_DIRECTORY);
    const chunks: Buffer[] = [];
    let size = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(CHUNK);
      const n = fs.readSync(fd, chunk, 0, CHUNK, null);
      if (n === 0) break;
      size += n;
      if (size > limit) throw new TooLargeError(tooLarge(limit, limit, 'more than '));
      chunks.push(n === CHUNK ? chunk : chunk.subarray(0, n));
    }
    return Buffer.concat(chunks, size);
  } catch (e) {
    if (e instanceof TextFileError) throw e;
    throw new TextFileError(`cannot read: ${(e as Error).message}`, { cause: e });
  } finally {
    fs.closeSync(fd);
  }
}

export const tooLarge = (size: number, limit = MAX_MANIFEST_BYTES, prefix = '') =>
  `is ${prefix}${size} bytes; the limit is ${limit} bytes (${limit / (1024 * 1024)} MiB)`;

/**
 * The bytes as text. NUL bytes and invalid UTF-8 are refused: decoding would turn them into
 * U+FFFD silently, and the output would not say what the input said.
 */
export function decodeText(bytes: Buffer): string {
  const nul = bytes.indexOf(0);
  if (nul >= 0) throw new TextFileError(`is not a text file: NUL byte at line ${lineAt(bytes, nul)}`);
  if (!isUtf8(bytes)) {
    const at = firstInvalidUtf8(bytes);
    throw new TextFileError(
      `is not UTF-8 text: invalid byte 0x${bytes[at].toString(16).padStart(2, '0')} at line ${lineAt(bytes, at)}`,
    );
  }
  return bytes.toString('utf8');
}

/** `readBoundedFile` then `decodeText`. */
export function readTextFile(file: string): string {
  return decodeText(readBoundedFile(file));
}

const lineAt = (bytes: Buffer, offset: number) => {
  let line = 1;
  for (let i = bytes.indexOf(10); i >= 0 && i < offset; i = bytes.indexOf(10, i + 1)) line++;
  return line;
};

/** Offset of the first byte that does not start a well-formed UTF-8 sequence. */
function firstInvalidUtf8(b: Buffer): number {
  for (let i = 0; i < b.length;) {
    const c = b[i];
    const n = c < 0x80 ? 0 : c >= 0xc2 && c <= 0xdf ? 1 : c >= 0xe0 && c <= 0xef ? 2 : c >= 0xf0 && c <= 0xf4 ? 3 : -1;
    if (n < 0) return i;
    // Overlong forms, surrogates and code points past U+10FFFF are excluded by the second byte.
    const lo = c === 0xe0 ? 0xa0 : c === 0xf0 ? 0x90 : 0x80;
    const hi = c === 0xed ? 0x9f : c === 0xf4 ? 0x8f : 0xbf;
    for (let k = 1; k <= n; k++) {
      const d = b[i + k];
      if (d === undefined || d < (k === 1 ? lo : 0x80) || d > (k === 1 ? hi : 0xbf)) return i;
    }
    i += n + 1;
  }
  return 0;
}
