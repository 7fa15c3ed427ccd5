/**
 * The CLI's stdout and stderr, written with fs.writeSync rather than through `process.stdout` /
 * `process.stderr`: Node makes those on first use, and making one loads ~20 stream modules (for a
 * pipe its sockets too), ~10% of a cold `--help` or `validate`. The bytes and their order are the
 * same: Node writes files and pipes synchronously on Linux too. A terminal, and a descriptor
 * another process left non-blocking (EAGAIN), are written through Node's stream (which converts
 * for a Windows console, and waits for a slow reader).
 */
import { fstatSync, statSync, writeSync } from 'fs';

type Fd = 1 | 2;

/**
 * The reader has gone (EPIPE: `dynamo-iac render … | head`) or there is none (EBADF: a closed
 * descriptor, where Node's stream would discard too): nothing more is written there.
 */
const gone = new Set<Fd>();
/** Written through Node's stream: a terminal, or from the first EAGAIN on (so the order stays). */
const streamed = new Set<Fd>();
/** Descriptors whose kind has been looked at. */
const checked = new Set<Fd>();

/** Writes all of `text` on stdout; false once the reader has gone. */
export const writeStdout = (text: string): boolean => write(1, text);

/** Writes all of `text` on stderr. */
export const writeStderr = (text: string): void => void write(2, text);

function write(fd: Fd, text: string): boolean {
  if (gone.has(fd)) return false;
  if (!checked.has(fd)) {
    checked.add(fd);
    if (mayBeTerminal(fd)) streamed.add(fd);
  }
  if (streamed.has(fd)) return streamOf(fd).write(text) || !gone.has(fd);
  const bytes = Buffer.from(text, 'utf8');
  for (let offset = 0; offset < bytes.length;) {
    try {
      offset += writeSync(fd, bytes, offset);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EPIPE' || code === 'EBADF') {
        gone.add(fd);
        return false;
      }
      if (code !== 'EAGAIN') throw e;
      streamed.add(fd);
      streamOf(fd).write(bytes.subarray(offset));
      return !gone.has(fd);
    }
  }
  return true;
}

function streamOf(fd: Fd): NodeJS.WriteStream {
  const stream = fd === 1 ? process.stdout : process.stderr;
  if (stream.listenerCount('error') === 0)
    stream.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code !== 'EPIPE') throw e;
      gone.add(fd);
    });
  return stream;
}

/**
 * False when `fd` is certainly not a terminal (a file, a pipe, a socket, /dev/null), found
 * without making Node's stream, which is how Node would tell.
 */
export function mayBeTerminal(fd: Fd): boolean {
  try {
    const stat = fstatSync(fd);
    return stat.isCharacterDevice() && stat.rdev !== statSync('/dev/null').rdev;
  } catch {
    return true;
  }
}
