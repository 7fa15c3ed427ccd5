/**
 * What `dynamo-iac argocd-cmp` does (its row of ../commands.ts): the three parts of an Argo CD
 * Config Management Plugin that renders plain Dynamo YAML from Git at sync time, run by
 * `argocd-cmp-server` in a sidecar of the repo server (docs/gitops-argocd.md):
 *   plugin    prints the plugin's configuration (plugin.yaml, kind ConfigManagementPlugin) whose
 *             commands run this same node and bin, so it is right wherever it is printed from
 *   discover  prints the manifest files under the working directory that hold a Dynamo object
 *             (Argo CD's `discover.find.command`: output means "this plugin renders this path")
 *   generate  renders every manifest file under the working directory as `render` does, with the
 *             Application's destination namespace as the default namespace
 * No shell is involved: the runtime operator's image (distroless) can be the sidecar.
 */
import * as fs from 'fs';
import * as path from 'path';
import { readTextFile } from '../../api/text-file';
import { PLAN_ARTIFACT_DIR } from '../../plan/lock-names';
import { toYaml } from '../../output/yaml';
import { renderAndWrite } from '../destinations';
import { CliError, EXIT_OK, EXIT_USAGE } from '../report';

/** The plugin's name: Applications select it with `spec.source.plugin.name: dynamo-iac`, or by discovery. */
export const PLUGIN_NAME = 'dynamo-iac';
/** Application `spec.source.plugin.env` entries reach the commands as ARGOCD_ENV_<name>. */
const SETTINGS_ENV = 'ARGOCD_ENV_SETTINGS';
const MANIFEST = /\.(ya?ml|json)$/;
/** A manifest that holds a Dynamo object: some document's apiVersion is in the nvidia.com group. */
const DYNAMO_API_VERSION = /^apiVersion:\s*["']?nvidia\.com\//m;

/** `args` is the one `<action>` argument (commander passes a single argument as a string). */
export function run(args: string[] | string): Promise<number> | number {
  const action = typeof args === 'string' ? args : args[0];
  switch (action) {
    case 'plugin':
      process.stdout.write(toYaml(pluginConfig(process.execPath, process.argv[1])));
      return EXIT_OK;
    case 'discover':
      for (const file of manifestFiles('.'))
        if (DYNAMO_API_VERSION.test(readTextFile(file))) process.stdout.write(`${file}\n`);
      return EXIT_OK;
    case 'generate':
      return generate();
    default:
      throw new CliError(
        `argocd-cmp: expected plugin, discover or generate, got ${JSON.stringify(action)}`,
        EXIT_USAGE,
      );
  }
}

/** The ConfigManagementPlugin: discover and generate run `<node> <bin> argocd-cmp <action>`. */
export function pluginConfig(node: string, bin: string): object {
  const command = (action: string) => ({ command: [node, bin, 'argocd-cmp', action] });
  return {
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'ConfigManagementPlugin',
    metadata: { name: PLUGIN_NAME },
    spec: { discover: { find: command('discover') }, generate: command('generate') },
  };
}

function generate(): Promise<number> {
  const settings = process.env[SETTINGS_ENV] || undefined;
  const files = manifestFiles('.').filter(
    (f) => settings === undefined || path.normalize(f) !== path.normalize(settings),
  );
  if (files.length === 0) throw new CliError('argocd-cmp generate: no .yaml, .yml or .json files in this path');
  // Argo CD passes the Application's destination namespace; objects without one go there.
  const namespace = process.env.ARGOCD_APP_NAMESPACE || undefined;
  return renderAndWrite(files, { namespace, settings }, 'stdout', '-');
}

/**
 * The manifest files under `dir`, sorted, relative to it: not in hidden directories (.git) nor
 * in dynamo-plan/ (the plan's review copies of generated graphs, not inputs).
 */
function manifestFiles(dir: string): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const file = path.join(dir, entry.name);
    if (entry.name.startsWith('.')) continue;
    if (entry.isDirectory()) {
      if (entry.name !== PLAN_ARTIFACT_DIR) found.push(...manifestFiles(file));
    } else if (entry.isFile() && MANIFEST.test(entry.name)) found.push(file);
  }
  return found;
}
