/**
 * The runtime operator's own dependencies. They are optional peer dependencies of the package
 * (docs/operator-dependencies.md says why): a cdk8s, Pulumi or CLI user's install leaves them
 * out, the operator image installs them. `.projenrc.ts` declares them from this table, so the
 * ranges named in the message below are the package's own.
 */
import * as path from 'path';

export const OPERATOR_DEPENDENCIES: Readonly<Record<string, string>> = {
  // The official Kubernetes client (ESM; loaded with require(esm), Node >= 22.12).
  '@kubernetes/client-node': '^2.0.1',
  // Structured JSON logs.
  pino: '^10.4.0',
  // Prometheus metrics.
  'prom-client': '^15.1.0',
};

/** The operator dependencies that cannot be found from `fromDir` (by default, where this file is). */
export function missingOperatorDependencies(fromDir: string = __dirname): string[] {
  return Object.keys(OPERATOR_DEPENDENCIES).filter((name) => {
    try {
      require.resolve(path.posix.join(name, 'package.json'), { paths: [fromDir] });
      return false;
    } catch {
      return true;
    }
  });
}

/** One line saying what is missing and how to get it, or undefined when nothing is. */
export function missingOperatorDependenciesLine(missing: readonly string[]): string | undefined {
  if (missing.length === 0) return undefined;
  const install = missing.map((name) => `${name}@${OPERATOR_DEPENDENCIES[name]}`).join(' ');
  return (
    `dynamo-iac operator: ${missing.join(', ')} not installed; the runtime operator's dependencies are optional ` +
    `(a library install leaves them out): run it from the operator image, or \`npm install ${install}\` next to dynamo-iac`
  );
}
