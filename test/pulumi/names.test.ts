/**
 * The Pulumi components are named like the kinds, as the cdk8s constructs are; the old names stay
 * as deprecated aliases of the same classes, and the resource types (part of every stack's URNs) do not change.
 */
import * as fs from 'fs';
import * as path from 'path';
import * as pulumiEntry from '../../src/pulumi';

test('the old names are the same classes as the kind names', () => {
  expect(pulumiEntry.DynamoGraph).toBe(pulumiEntry.DynamoGraphDeployment);
  expect(pulumiEntry.DynamoComponent).toBe(pulumiEntry.DynamoComponentDeployment);
  expect(pulumiEntry.DynamoGraphRequest).toBe(pulumiEntry.DynamoGraphDeploymentRequest);
});

test('the resource types are those of existing stacks', () => {
  const source = (file: string) => fs.readFileSync(path.join(__dirname, '..', '..', 'src', 'pulumi', file), 'utf8');
  expect(source('graph.ts')).toContain("'dynamo:index:Graph'");
  expect(source('component.ts')).toContain("'dynamo:index:Component'");
  expect(source('deployment-request.ts')).toContain("'dynamo:index:GraphRequest'");
});
