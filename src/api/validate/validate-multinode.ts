/**
 * Rules for components spread over several nodes (`multinode.nodeCount` ≥ 2): what the launch
 * rules need from the input. Upstream renders a multinode component without a command, args or GPU
 * limit (its controller golden tests have one), so those are warnings: the pods run, unlaunched.
 */
import { engineProfile, engineRunInShell, isPythonCommand } from '../engine-profile';
import { gpuCount, gpuQuantity } from '../gpu';
import { ComponentModel, isWorkerComponent } from '../model';
import { effectiveOrchestrator } from '../orchestrator';
import { fieldPath, strings } from '../read';
import { ValidationContext } from './validation-context';

/** Component types whose defaults give the main container a command. */
const TYPES_WITH_DEFAULT_COMMAND = ['frontend'];

export function validateMultinode(ctx: ValidationContext, c: ComponentModel, i: number): void {
  // An EPP cannot be multinode at all (reported with the EPP rules), so its launch needs nothing.
  if (!c.multinode || c.multinode.nodeCount < 2 || c.type === 'epp') return;
  const p = ctx.paths;
  if (effectiveOrchestrator(ctx.model, ctx.settings) === 'lws' && !ctx.settings.lwsAvailable) {
    ctx.error(
      p.at(i, 'multinode'),
      'no multinode orchestrator available: LeaderWorkerSet is not installed (settings lwsAvailable: false) and the graph is not rendered with Grove',
    );
  }
  const command = strings(c.mainContainer?.command);
  const args = strings(c.mainContainer?.args);
  if (!TYPES_WITH_DEFAULT_COMMAND.includes(c.type)) {
    const main = p.mainContainer(i);
    if (command.length === 0)
      ctx.warn(
        fieldPath(main, 'command'),
        'not set: a multinode component gets its launch rules (leader address, node rank, engine flags) through its command; without one every node runs the args unchanged, as upstream renders it',
      );
    if (args.length === 0)
      ctx.warn(
        fieldPath(main, 'args'),
        'not set: a multinode component gets its launch rules (leader address, node rank, engine flags) through its args; without them every node runs the command unchanged, as upstream renders it',
      );
  }
  validateGpus(ctx, c, i);
  // Only worker types run an engine; the others get no launch rules.
  const backend = isWorkerComponent(c.type) ? ctx.backendOf(c) : undefined;
  if (
    backend !== undefined &&
    engineProfile(backend)?.multinodeLaunch === 'flags' &&
    command.length > 0 &&
    !isPythonCommand(command) &&
    !args.some((a) => engineRunInShell(backend).test(a))
  ) {
    ctx.warn(
      fieldPath(p.mainContainer(i), 'args'),
      `the multinode launch flags are inserted after "python… -m dynamo.${backend}" in a shell command's args, and none was found: every node would run the command unchanged`,
    );
  }
}

/** Upstream divides the work by the GPUs per node; without a whole number the flags would be wrong. */
function validateGpus(ctx: ValidationContext, c: ComponentModel, i: number): void {
  const limit = gpuQuantity(c.resources, 'limits');
  const path = ctx.paths.gpuLimit(i);
  if (limit === undefined) {
    ctx.warn(
      path,
      'not set: the multinode launch rules divide the work by the GPUs per node, and count 0 (as upstream does): set the GPU limit the engine needs',
    );
  } else if (gpuCount(limit) < 1) {
    ctx.error(path, `must be a whole number of GPUs (at least 1) for a multinode component, got "${limit}"`);
  }
}
