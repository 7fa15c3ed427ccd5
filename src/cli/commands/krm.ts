/**
 * What `dynamo-iac krm` does (its row of ../commands.ts): a KRM function (kustomize's exec
 * functions, kpt). The ResourceList's items go through the same pipeline as `render -`: Dynamo
 * objects are rendered into their Kubernetes objects, every other object is checked and passes
 * through unchanged (orchestration annotations included; a namespaced built-in kind without a
 * namespace gets the default one, as in `render`). Problems are the output's `results` and lines
 * on stderr, with exit 1, as the KRM Functions Specification asks.
 */
import { isDynamoGroup } from '../../api/convert/load';
import { JsonObject } from '../../api/k8s-types';
import { ManifestInput } from '../../api/parse';
import { Problem, SourcedProblem } from '../../api/problems';
import { isObject } from '../../api/read';
import { readInputs, STDIN } from '../../api/read-inputs';
import { PlatformSettings } from '../../api/settings';
import { settingsProblems } from '../../api/settings-check';
import { RenderFilesOptions, renderInputs } from '../../pipeline/files';
import { toYaml } from '../../output/yaml';
import { namespaceProblem } from '../pipeline';
import { EXIT_INVALID, EXIT_OK, reportProblems } from '../report';
import {
  isLocalConfig,
  krmResult,
  KrmResult,
  readResourceList,
  RESOURCE_LIST_VERSIONS,
  resourceListOutput,
  withoutOrchestrationAnnotations,
} from '../resource-list';

/** Where problems of the list itself are reported, on stderr. */
const SOURCE = 'ResourceList';

export async function run(): Promise<number> {
  const read = await readInputs([STDIN]);
  const text = read.inputs[0]?.text;
  if (text === undefined) return fail(RESOURCE_LIST_VERSIONS[0], read.problems);
  const { list, problems } = readResourceList(text, SOURCE);
  if (!list) return fail(RESOURCE_LIST_VERSIONS[0], withSource(problems, SOURCE));
  const config = readFunctionConfig(list.functionConfig);
  if ('problems' in config) return fail(list.apiVersion, withSource(config.problems, SOURCE), list.items);

  // Every item goes through render's pipeline: Dynamo objects are rendered, other objects checked
  // and passed through (render's mixed files); tool configuration (local-config) comes back as it is.
  const objects = list.items.flatMap((item, index) => (isLocalConfig(item) ? [] : [{ item, index }]));
  const inputs: ManifestInput[] = objects.map(({ item, index }) => ({
    source: itemSource(item, index),
    // JSON is YAML: the pipeline reads it as it reads a file. Only a Dynamo object loses the
    // orchestrator's annotations, which would otherwise reach every object it renders.
    text: JSON.stringify(isDynamoObject(item) ? withoutOrchestrationAnnotations(item) : item),
  }));
  const rendered =
    inputs.length === 0
      ? { objects: [], problems: [] }
      : renderInputs({ inputs, problems: [] }, config.settings, config.options);
  const bySource = new Map(objects.map(({ item, index }) => [itemSource(item, index), item]));
  const results = rendered.problems.map((p) => krmResult(p, bySource.get(p.source)));
  const code = reportProblems(rendered.problems);
  if (code !== EXIT_OK) return write(list.apiVersion, list.items, results, code);
  const local = list.items.filter(isLocalConfig);
  return write(list.apiVersion, [...local, ...(rendered.objects as JsonObject[])], results, EXIT_OK);
}

/** An object of the nvidia.com group: rendered, or refused as `render` refuses an unknown kind of it. */
const isDynamoObject = (item: JsonObject) => isDynamoGroup(item.apiVersion);

/** `items[3] (DynamoGraphDeployment vllm-agg)`: which item a problem line is about. */
function itemSource(item: JsonObject, index: number): string {
  const name = isObject(item.metadata) ? item.metadata.name : undefined;
  const what = [item.kind, name].filter((x): x is string => typeof x === 'string' && x !== '').join(' ');
  return what ? `items[${index}] (${what})` : `items[${index}]`;
}

interface FunctionConfig {
  readonly settings: PlatformSettings;
  readonly options: RenderFilesOptions;
}

const CONFIG_FIELDS = ['namespace', 'settings', 'graphRecord', 'lock'];

/**
 * The function's settings, from `functionConfig.spec` (any kind: the object that names the
 * function in kustomize, e.g. `kind: DynamoRender`): `namespace` for objects without one,
 * `settings` (PlatformSettings, inline), `graphRecord` and `lock` as render's options. None: render's defaults.
 */
function readFunctionConfig(functionConfig: JsonObject | undefined): FunctionConfig | { problems: Problem[] } {
  const spec = functionConfig?.spec;
  if (spec === undefined || spec === null) return { settings: {}, options: {} };
  const problems: Problem[] = [];
  const error = (path: string, message: string) =>
    problems.push({ path: `functionConfig.spec${path ? `.${path}` : ''}`, message, severity: 'error' });
  if (!isObject(spec)) {
    error('', 'must be an object');
    return { problems };
  }
  for (const key of Object.keys(spec))
    if (!CONFIG_FIELDS.includes(key))
      error(key, `unknown field ${JSON.stringify(key)}: expected ${CONFIG_FIELDS.join(', ')}`);
  const { namespace, settings = {}, graphRecord, lock } = spec;
  if (namespace !== undefined) {
    const invalid = typeof namespace === 'string' ? namespaceProblem(namespace) : 'must be a string';
    if (invalid) error('namespace', invalid);
  }
  if (graphRecord !== undefined && typeof graphRecord !== 'boolean') error('graphRecord', 'must be true or false');
  if (lock !== undefined && typeof lock !== 'string') error('lock', 'must be a file name');
  for (const p of settingsProblems(settings, 'functionConfig.spec.settings')) problems.push(p);
  if (problems.length > 0) return { problems };
  return {
    settings: settings as PlatformSettings,
    options: {
      defaultNamespace: namespace as string | undefined,
      includeGraphRecord: graphRecord as boolean | undefined,
      lockFile: lock as string | undefined,
    },
  };
}

const withSource = (problems: readonly Problem[], source: string): SourcedProblem[] =>
  problems.map((p) => ({ ...p, source }));

/** Problems before any item was looked at: all reported, the items given back unchanged. */
function fail(apiVersion: string, problems: readonly SourcedProblem[], items: readonly JsonObject[] = []): number {
  reportProblems(problems);
  return write(
    apiVersion,
    items,
    problems.map((p) => krmResult(p)),
    EXIT_INVALID,
  );
}

function write(apiVersion: string, items: readonly JsonObject[], results: readonly KrmResult[], code: number): number {
  process.stdout.write(toYaml(resourceListOutput(apiVersion, items, results)));
  return code;
}
