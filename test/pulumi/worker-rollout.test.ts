/**
 * Pulumi and worker generations (issue 28, docs/rollouts.md): in 'operator' mode the objects of a
 * worker generation are created with retainOnDelete, so an update that renders a new generation
 * drops the old one from the stack without deleting it (the runtime operator drains and deletes
 * it); everything else, and every object in 'commits' mode or without the record, is as before.
 */
import { DynamoGraphDeployment } from '../../src/pulumi';
import { LABEL } from '../../src/render/labels';
import { disaggregatedWithPlanner } from '../../examples/graphs/disagg-planner';
import { withPrefillArgs } from '../worker-change';
import { Recorded, runProgram } from './mocks';

const objectsOf = (rs: Recorded[]) => rs.filter((r) => r.inputs?.kind !== undefined && r.type !== 'dynamo:index:Graph');
const retained = (rs: Recorded[]) =>
  objectsOf(rs)
    .filter((r) => r.retainOnDelete)
    .map((r) => `${r.inputs.kind}/${r.inputs.metadata.name}`)
    .sort();

describe('DynamoGraphDeployment worker generations', () => {
  test("'operator' mode (the default): exactly the worker generation's objects are retained on delete", async () => {
    const rs = await runProgram(() => new DynamoGraphDeployment('disagg', disaggregatedWithPlanner));
    const generation = objectsOf(rs).filter((r) => r.inputs.metadata.labels?.[LABEL.workerHash] !== undefined);
    const hash = generation[0].inputs.metadata.labels[LABEL.workerHash];
    expect(retained(rs)).toEqual([
      `Deployment/vllm-disagg-planner-vllmdecodeworker-${hash}`,
      `Deployment/vllm-disagg-planner-vllmprefillworker-${hash}`,
      `Service/vllm-disagg-planner-vllmdecodeworker-${hash}`,
      `Service/vllm-disagg-planner-vllmprefillworker-${hash}`,
    ]);
    expect(retained(rs)).toEqual(generation.map((r) => `${r.inputs.kind}/${r.inputs.metadata.name}`).sort());
    // Each carries an ownerReference to the graph record, so deleting the record (pulumi destroy)
    // takes every generation along, with or without the runtime operator.
    for (const r of generation)
      expect(r.inputs.metadata.ownerReferences).toEqual([
        expect.objectContaining({
          apiVersion: 'nvidia.com/v1beta1',
          kind: 'DynamoGraphDeployment',
          name: 'vllm-disagg-planner',
        }),
      ]);
    // The record, the frontend and the planner are Pulumi's to delete as ever.
    for (const r of objectsOf(rs).filter((r) => !r.inputs.metadata.labels?.[LABEL.workerHash])) {
      expect(r.retainOnDelete).toBeUndefined();
      expect(r.inputs.metadata.ownerReferences).toBeUndefined();
    }
  });

  test('with awaitGraphStatus the record waits for the workers, so the runtime operator sets their ownerReference', async () => {
    const rs = await runProgram(
      () => new DynamoGraphDeployment('disagg', { ...disaggregatedWithPlanner, awaitGraphStatus: true }),
    );
    const generation = objectsOf(rs).filter((r) => r.inputs.metadata.labels?.[LABEL.workerHash] !== undefined);
    expect(generation.length).toBeGreaterThan(0);
    for (const r of generation) expect(r.inputs.metadata.ownerReferences).toBeUndefined();
  });

  test('a worker change renders a new generation under new names, retained as well', async () => {
    const before = retained(await runProgram(() => new DynamoGraphDeployment('disagg', disaggregatedWithPlanner)));
    const after = retained(
      await runProgram(() => new DynamoGraphDeployment('disagg', withPrefillArgs('--enforce-eager'))),
    );
    expect(after).toHaveLength(before.length);
    expect(after.filter((n) => before.includes(n))).toEqual([]);
  });

  test("'commits' mode and a graph rendered without its record retain nothing", async () => {
    const commits = await runProgram(
      () =>
        new DynamoGraphDeployment('disagg', { ...disaggregatedWithPlanner, settings: { workerRollout: 'commits' } }),
    );
    expect(objectsOf(commits).some((r) => r.inputs.metadata.labels?.[LABEL.workerHash])).toBe(true);
    expect(retained(commits)).toEqual([]);
    const noRecord = await runProgram(
      () => new DynamoGraphDeployment('disagg', { ...disaggregatedWithPlanner, includeGraphRecord: false }),
    );
    expect(retained(noRecord)).toEqual([]);
  });
});
