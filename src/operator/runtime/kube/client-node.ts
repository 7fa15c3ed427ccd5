/**
 * The one place that loads @kubernetes/client-node, and only the parts the operator uses:
 * KubeConfig (kubeconfig and in-cluster loading, TLS, proxies, exec / OIDC / token-file auth),
 * Watch, and the request pipeline its generated APIs share (RequestContext, the fetch-based
 * HTTP library, middleware).
 *
 * Why deep imports and a resolve hook: the package index loads its ~2,700 generated model
 * modules and ~14 MB of generated API wrappers, which took the operator's RSS from ~75 to
 * ~140 MiB. `dist/config.js` is needed for KubeConfig, but it imports the whole generated index
 * (`./gen/index.js`) for just two names, `createConfiguration` and `ServerConfiguration`. When
 * that import still names only those two, a module resolve hook gives config.js a two-line module
 * re-exporting them from their own files. If a client-node release imports more, the hook stays
 * off and everything still works, only heavier; so it does where module hooks are refused (jest,
 * which has its own module loader).
 */
import * as fs from 'fs';
import * as path from 'path';
import { pathToFileURL } from 'url';
import type * as ConfigModule from '@kubernetes/client-node/dist/config.js';
import type * as ExceptionModule from '@kubernetes/client-node/dist/gen/apis/exception.js';
import type * as HttpModule from '@kubernetes/client-node/dist/gen/http/http.js';
import type * as WatchModule from '@kubernetes/client-node/dist/watch.js';

export type { Configuration } from '@kubernetes/client-node/dist/gen/configuration.js';
export type { Cluster, Context, User } from '@kubernetes/client-node/dist/config_types.js';
export type { RequestContext, ResponseContext } from '@kubernetes/client-node/dist/gen/http/http.js';

const DIST = path.join(path.dirname(require.resolve('@kubernetes/client-node/package.json')), 'dist');
/** What config.js takes from the generated index, and the files that define it. */
const SLIM_INDEX: Record<string, string> = {
  createConfiguration: 'gen/configuration.js',
  ServerConfiguration: 'gen/servers.js',
};

/** Whether config.js imports from `./gen/index.js` nothing but the names SLIM_INDEX provides. */
export function configImportsOnlySlimNames(configSource: string): boolean {
  const imports = [...configSource.matchAll(/import\s*\{([^}]*)\}\s*from\s*['"]\.\/gen\/index\.js['"]/g)];
  if (imports.length !== 1) return false;
  const names = imports[0][1]
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  return names.length > 0 && names.every((n) => n in SLIM_INDEX);
}

function slimIndexUrl(): string {
  const source = Object.entries(SLIM_INDEX)
    .map(([name, file]) => `export { ${name} } from ${JSON.stringify(pathToFileURL(path.join(DIST, file)).href)};`)
    .join('\n');
  return `data:text/javascript,${encodeURIComponent(source)}`;
}

let hookInstalled = false;

/** Installs the resolve hook when the running Node has `module.registerHooks` and config.js still fits. */
function installSlimIndexHook(): void {
  const { registerHooks } = require('module') as Partial<typeof import('module')>;
  if (hookInstalled || typeof registerHooks !== 'function' || process.env.DYNAMO_IAC_CLIENT_NODE_FULL === '1') return;
  const configFile = path.join(DIST, 'config.js');
  if (!configImportsOnlySlimNames(fs.readFileSync(configFile, 'utf8'))) return;
  const configUrl = pathToFileURL(configFile).href;
  const url = slimIndexUrl();
  try {
    registerHooks({
      resolve(specifier, context, nextResolve) {
        if (specifier === './gen/index.js' && context.parentURL === configUrl)
          return { url, format: 'module', shortCircuit: true };
        return nextResolve(specifier, context);
      },
    });
    hookInstalled = true;
  } catch {
    // A host that refuses module hooks (jest does): the whole index loads.
  }
}

installSlimIndexHook();

const config = require(path.join(DIST, 'config.js')) as typeof ConfigModule;
const watch = require(path.join(DIST, 'watch.js')) as typeof WatchModule;
const http = require(path.join(DIST, 'gen', 'http', 'http.js')) as typeof HttpModule;
const exception = require(path.join(DIST, 'gen', 'apis', 'exception.js')) as typeof ExceptionModule;

export const KubeConfig = config.KubeConfig;
export type KubeConfig = ConfigModule.KubeConfig;
export const Watch = watch.Watch;
export type Watch = WatchModule.Watch;
export const HttpMethod = http.HttpMethod;
export type HttpMethod = HttpModule.HttpMethod;
export const ApiException = exception.ApiException;
export type ApiException<T> = ExceptionModule.ApiException<T>;

/** Whether the slim load is in effect (the benchmark and a test report it). */
export const slimClientNode = (): boolean => hookInstalled;
