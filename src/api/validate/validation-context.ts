/** What every validation concern gets: the model, settings, input paths and a problem sink. */
import { workerBackend } from '../backend-framework';
import { dynamoNamespaceOf } from '../dynamo-namespace';
import { ComponentModel, GraphModel } from '../model';
import { InputPaths } from '../paths';
import { Problem } from '../problems';
import { ResolvedSettings } from '../settings';

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
    return workerBackend(this.model, c);
  }

  /** `<namespace>-<graph>` (dots become dashes) or `dynamo`: the Dynamo namespace upstream computes. */
  public dynamoNamespace(c: ComponentModel): string {
    return dynamoNamespaceOf(this.model.namespace, this.model.name, c.globalDynamoNamespace);
  }
}
