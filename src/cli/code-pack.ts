/**
 * A pack (code-cache.ts says why): the sources of several CommonJS files as one script, and
 * V8's data for it, in one file of the CLI's cache directory.
 *
 *   line 1     a header, JSON: Node's version and architecture, each file's name, size and
 *              mtime, the length of the source
 *   source     `({"<file>": function (exports, require, module, __filename, __dirname) {…},…})`,
 *              each file's text wrapped as Node wraps a CommonJS module; ASCII
 *   V8's data  for that source, after a run that compiled it (absent before), at an offset
 *              that is a multiple of 16
 */
import { isAscii } from 'buffer';
import fs = require('fs');
import path = require('path');

/** A file's module as the pack holds it: Node's CommonJS wrapper around its text. */
export type PackedModule = (
  exports: unknown,
  require: unknown,
  module: unknown,
  __filename: string,
  __dirname: string,
) => void;

interface PackedFile {
  readonly name: string;
  readonly size: number;
  readonly mtimeMs: number;
  /** The line of the pack file on which the file's text begins (the header is line 1). */
  readonly line: number;
}

interface Header {
  readonly runtime: string;
  readonly files: PackedFile[];
  readonly sourceLength: number;
}

export interface Pack {
  readonly files: readonly PackedFile[];
  readonly source: string;
  /** V8's data for `source`, once a run has compiled it. */
  readonly data?: Buffer;
  /** The header line and the source, as in the file. */
  readonly head: Buffer;
}

const RUNTIME = `${process.version} ${process.arch}`;

/**
 * Where V8's data starts: V8 copies data that is not at an aligned address before reading it
 * (~1.2 MB for a render), and a file read whole starts at one.
 */
const aligned = (offset: number) => Math.ceil(offset / 16) * 16;

/** The pack in `file`, if it is this Node's and every file in it is unchanged. */
export function readPack(file: string): Pack | undefined {
  try {
    const bytes = fs.readFileSync(file);
    const end = bytes.indexOf(0x0a);
    const header = JSON.parse(bytes.subarray(0, end).toString('latin1')) as Header;
    if (header.runtime !== RUNTIME || !header.files.every(unchanged)) return undefined;
    const sourceEnd = end + 1 + header.sourceLength;
    if (bytes.length < sourceEnd) return undefined;
    return {
      files: header.files,
      // ASCII, read as Latin-1: a copy instead of a UTF-8 decode.
      source: bytes.subarray(end + 1, sourceEnd).toString('latin1'),
      data: bytes.length > aligned(sourceEnd) ? bytes.subarray(aligned(sourceEnd)) : undefined,
      head: bytes.subarray(0, sourceEnd),
    };
  } catch {
    return undefined;
  }
}

function unchanged(f: PackedFile): boolean {
  const stat = fs.statSync(f.name, { throwIfNoEntry: false });
  return stat !== undefined && stat.size === f.size && stat.mtimeMs === f.mtimeMs;
}

/** The header line and source of a pack of `names`; undefined if one cannot be read. */
export function packSource(names: readonly string[]): Buffer | undefined {
  try {
    const files: PackedFile[] = [];
    const parts = ['({\n'];
    // Each text on lines of its own, so a position in it is its line in the pack less a constant.
    let line = 4;
    for (const name of names) {
      const { size, mtimeMs } = fs.statSync(name);
      const bytes = fs.readFileSync(name);
      const text = bytes.toString(isAscii(bytes) ? 'latin1' : 'utf8');
      files.push({ name, size, mtimeMs, line });
      parts.push(
        `${JSON.stringify(name)}: function (exports, require, module, __filename, __dirname) {\n${text}\n},\n`,
      );
      line += text.split('\n').length + 2;
    }
    parts.push('})\n');
    const source = ascii(parts.join(''));
    const header: Header = { runtime: RUNTIME, files, sourceLength: source.length };
    return Buffer.from(`${ascii(JSON.stringify(header))}\n${source}`, 'latin1');
  } catch {
    return undefined;
  }
}

/**
 * The source as ASCII, other characters escaped (as scripts/bundle-cli.mjs writes the bundles):
 * the same strings, names and patterns, read as Latin-1 into a one-byte string.
 */
const ascii = (text: string) =>
  text.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** Written whole or not at all (another run may read it at the same time); failures are ignored. */
export function writePack(file: string, head: Buffer, data?: Buffer): void {
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const temp = `${file}.${process.pid}`;
    fs.writeFileSync(temp, data ? Buffer.concat([head, Buffer.alloc(aligned(head.length) - head.length), data]) : head);
    fs.renameSync(temp, file);
  } catch {
    // A read-only or full cache directory costs speed only.
  }
}

/**
 * A stack trace with positions in the pack `file` given as the packed files' own (file, line,
 * column): what a bug report should name.
 */
export function unpackStack(stack: string, file: string, files: readonly PackedFile[]): string {
  return stack.split(`${file}:`).reduce((out, rest) => {
    const m = /^(\d+):/.exec(rest);
    const packed = m ? files.findLast((f) => f.line <= Number(m[1])) : undefined;
    if (!m || !packed) return `${out}${file}:${rest}`;
    return `${out}${packed.name}:${Number(m[1]) - packed.line + 1}${rest.slice(m[1].length)}`;
  });
}
