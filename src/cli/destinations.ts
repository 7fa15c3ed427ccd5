/**
 * Where `render` and `gitops` put what they render: stdout, a flat directory or a GitOps
 * repository, one writer a row; and the render-then-write step both commands run.
 */
import { renderFiles, RenderedFiles } from '../pipeline/files';
import { desiredReplicasNotice } from '../render/replicas';
import type { GitOpsTreeOptions } from './gitops-tree';
import { inputsOf, writeObjectsToDir, writeYamlStream } from './output';
import { PipelineFlags, renderFilesOptions } from './pipeline';
import { EXIT_OK, oneLine, reportProblems } from './report';
import { writeStderr } from './stdio';

type Destination = 'stdout' | 'flat' | 'gitops';

/** The flags a destination reads (the GitOps ones are `gitops`'s; `render` sets none of them). */
export interface DestinationFlags extends PipelineFlags, GitOpsTreeOptions {
  readonly force?: boolean;
}

type Writer = (rendered: RenderedFiles, files: readonly string[], options: DestinationFlags, dir: string) => void;

const WRITERS: Readonly<Record<Destination, Writer>> = {
  stdout: ({ objects }) => writeYamlStream(objects),
  flat: ({ objects }, files, options, dir) => {
    const written = writeObjectsToDir(objects, dir, {
      force: options.force,
      inputs: inputsOf(files, options),
      inputsRecursive: options.recursive,
    });
    writeStderr(`wrote ${written} files to ${oneLine(dir)}\n`);
  },
  gitops: (rendered, files, options, dir) => {
    // Only this destination needs the GitOps writer (and with it the Flux, Argo CD and platform code).
    const { writeGitOpsTree } = require('./gitops-tree') as typeof import('./gitops-tree');
    writeGitOpsTree(files.length > 0 ? rendered : undefined, files, options, dir);
  },
};

/** `gitops` with no files writes the platform layers alone: nothing is read, no graphs/ is written. */
const NOTHING_RENDERED: RenderedFiles = { objects: [], problems: [], graphs: [] };

/** Renders the files once and writes the result to `destination` (`dir` for the directory ones). */
export async function renderAndWrite(
  files: readonly string[],
  options: DestinationFlags,
  destination: Destination,
  dir: string,
): Promise<number> {
  const request = renderFilesOptions(options);
  const rendered = files.length === 0 ? NOTHING_RENDERED : await renderFiles(files, request);
  const code = reportProblems(rendered.problems);
  if (code !== EXIT_OK) return code;
  WRITERS[destination](rendered, files, options, dir);
  // Once a run, not once an object: replicas the user wrote are not in the spec, and why.
  const notice = desiredReplicasNotice(rendered.objects);
  if (notice) process.stderr.write(`${notice}\n`);
  return EXIT_OK;
}
