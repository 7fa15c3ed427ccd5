/**
 * Reading an input file with its size limit checked on the bytes actually read: the size a file
 * reports cannot be trusted (`/dev/zero`, a FIFO, a file that grows while it is read).
 */
import * as fs from 'fs';
import { MAX_MANIFEST_BYTES } from './parse';

const CHUNK = 1 << 16;

export const IS_A_DIRECTORY = 'is a directory';

/** A file that cannot be read, or is over the limit; the message does not repeat the file name. */
export class TextFileError extends Error {}

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
      if (size > limit) throw new TextFileError(tooLarge(limit, limit, 'more than '));
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
