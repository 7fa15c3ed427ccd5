/**
 * The component provider the Pulumi engine runs for the `dynamo` package: `pulumi-plugin/`'s
 * `package.json` points here. Pulumi infers the schema from the `pulumi-plugin/index.ts`
 * re-export of ./index.ts (the declarations, with their doc comments).
 */
import * as path from 'path';
import { componentProviderHost } from '@pulumi/pulumi/provider/experimental';
import { packageVersion } from '../../package-version';
import {
  DynamoCheckpoint,
  DynamoComponentDeployment,
  DynamoGraphDeployment,
  DynamoGraphDeploymentRequest,
  DynamoModel,
  DynamoPlatform,
} from './index';

/** The Pulumi package name: type tokens are `dynamo:index:<Kind>`. */
export const PACKAGE_NAME = 'dynamo';

/** `pulumi-plugin/` of the installed package (this file is lib/pulumi/multi-language/host.js). */
export const PLUGIN_DIR = path.resolve(__dirname, '..', '..', '..', 'pulumi-plugin');

void componentProviderHost({
  name: PACKAGE_NAME,
  dirname: PLUGIN_DIR,
  components: [
    DynamoGraphDeployment,
    DynamoComponentDeployment,
    DynamoModel,
    DynamoCheckpoint,
    DynamoGraphDeploymentRequest,
    DynamoPlatform,
  ],
  // The package's own version (the plugin directory's package.json carries none).
  ...{ version: packageVersion() },
});
