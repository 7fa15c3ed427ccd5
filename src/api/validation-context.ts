/** What every validation concern gets: the model, settings, input paths and a problem sink. */
import { detectBackendFramework } from './backend-framework';
import { ComponentModel, GraphModel } from './model';
import { InputPaths } from './paths';
import { Problem } from './problems';
import { ResolvedSettings } from './settings';

export class ValidationContext {
  public readonly problems: Problem[] = [];
  public readonly paths: InputPaths;

  constructor(
    public readonly model: GraphModel,
    public readonly settings: ResolvedSettings,
  ) {
    this.paths = new InputPaths(model);
  }

  public error(path: string, message: string): void {
    this.problems.push({ path, message, severity: 'error' });
  }

  public warn(path: string, message: string): void {
    this.problems.push({ path, message, severity: 'warning' });
  }

  /** The engine a worker runs: detected from its command when unambiguous, else the graph's. */
  public backendOf(c: ComponentModel): string | undefined {
    const detected = detectBackendFramework(strings(c.mainContainer?.command), strings(c.mainContainer?.args));
    return detected.length === 1 ? detected[0] : this.model.backendFramework;
  }

  /** `<namespace>-<graph>` (dots become dashes) or `dynamo`: the Dynamo namespace upstream computes. */
  public dynamoNamespace(c: ComponentModel): string {
    return c.globalDynamoNamespace ? 'dynamo' : `${this.model.namespace}-${this.model.name.replace(/\./g, '-')}`;
  }
}

export function strings(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}
