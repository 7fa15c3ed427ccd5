/**
 * Input reaches the problem lines the constructs report: a newline or an escape sequence in a
 * value must not forge a line of its own or reach the terminal, as in the CLI's lines.
 */
import { Chart, Testing } from 'cdk8s';
import { DynamoGraphDeployment } from '../../src';
import { synthError } from './synth-error';

test('a newline and an escape sequence in the input are escaped in the synth error', () => {
  const app = Testing.app();
  new DynamoGraphDeployment(new Chart(app, 'c'), 'g', {
    spec: {
      components: [
        {
          name: 'Frontend',
          type: 'frontend\nc/g: all graphs valid\u001b[2J' as never,
          podTemplate: { spec: { containers: [{ name: 'main', image: 'img' }] } },
        },
      ],
    },
  });
  const message = synthError(app);
  expect(message).toContain('frontend\\nc/g: all graphs valid\\x1b[2J');
  expect(message).not.toContain('\u001b');
  expect(message).not.toContain('\nc/g: all graphs valid');
});
