/**
 * Platform settings for cdk8s apps: set once on the App (or any scope) and
 * shared by every graph below it. App context `dynamo-iac:settings` (e.g. from
 * cdk8s.yaml or `new App({ context })`-style setups) works too.
 */
import { IConstruct } from 'constructs';
import { PlatformSettings, resolveSettings, ResolvedSettings } from '../api/settings';

export const SETTINGS_CONTEXT_KEY = 'dynamo-iac:settings';
const settingsByScope = new WeakMap<IConstruct, PlatformSettings>();

/** Sets the platform settings for every Dynamo construct under `scope`. */
export function setPlatformSettings(scope: IConstruct, settings: PlatformSettings): void {
  settingsByScope.set(scope, settings);
}

/** The nearest settings set on `scope` or an ancestor, merged over app context; upstream defaults for the rest. */
export function platformSettingsOf(scope: IConstruct, override?: PlatformSettings): ResolvedSettings {
  return resolveSettings(mergedSettingsOf(scope, override));
}

/**
 * The settings as given (app context, the nearest scope's, the override), merged but not yet
 * checked: `settingsProblems` says what is wrong with them the way the CLI does for a file.
 */
export function mergedSettingsOf(scope: IConstruct, override?: PlatformSettings): PlatformSettings {
  const fromContext = scope.node.tryGetContext(SETTINGS_CONTEXT_KEY) as PlatformSettings | undefined;
  const nearest = [...scope.node.scopes]
    .reverse()
    .map((s) => settingsByScope.get(s))
    .find((s) => s !== undefined);
  const layers = [fromContext, nearest, override].map((l) => (typeof l === 'object' && l !== null ? l : {}));
  return Object.assign({}, ...layers) as PlatformSettings;
}
