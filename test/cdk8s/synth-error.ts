/** The message `app.synth()` fails with (cdk8s validation errors), or '' when it succeeds. */
import { App } from 'cdk8s';

export function synthError(app: App): string {
  try {
    app.synth();
    return '';
  } catch (e) {
    return (e as Error).message;
  }
}
