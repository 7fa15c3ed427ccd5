/** What `dynamo-iac validate` does (its options and help are a row of ../commands.ts). */
import { GRAPH_KINDS } from '../../api/convert/load';
import { renderFiles } from '../../pipeline/files';
import { PipelineFlags, renderFilesOptions } from '../pipeline';
import { EXIT_OK, reportProblems } from '../report';

export async function run(files: string[], options: PipelineFlags): Promise<number> {
  const request = { ...renderFilesOptions(options), includeGraphRecord: true };
  const { objects, problems, passedThrough = [] } = await renderFiles(files, request);
  const code = reportProblems(problems);
  if (code === EXIT_OK) {
    // Each graph renders exactly one record of its own kind, so records count graphs.
    const graphs = objects.filter((o) => (GRAPH_KINDS as readonly string[]).includes(o.kind)).length;
    const count = (kind: string, one: string, many: string) => {
      const n = objects.filter((o) => o.kind === kind).length;
      return n ? `, ${n} ${n === 1 ? one : many}` : '';
    };
    const records =
      count('DynamoModel', 'model', 'models') +
      count('DynamoCheckpoint', 'checkpoint', 'checkpoints') +
      count('DynamoGraphDeploymentRequest', 'request', 'requests') +
      (passedThrough.length
        ? `, ${passedThrough.length} other ${passedThrough.length === 1 ? 'object' : 'objects'}`
        : '');
    process.stderr.write(`${graphs} ${graphs === 1 ? 'graph' : 'graphs'}${records} valid\n`);
  }
  return code;
}
