import { modelStatus, noEndpointsStatus } from '../../../../src/operator/controllers/models/model-status';

describe('DynamoModel status', () => {
  const base = { baseModelName: 'Qwen/Qwen3-0.6B', generation: 2, serviceNames: ['svc'], previous: [], now: 'T1' };
  const ep = (ready: boolean) => ({ address: 'http://10.0.0.1:9090', podName: 'p', ready });

  test('LoRA: all ready, some ready, none discovered', () => {
    const all = modelStatus({ ...base, lora: true, endpoints: [ep(true), ep(true)] });
    expect(all.status).toMatchObject({ readyEndpoints: 2, totalEndpoints: 2 });
    expect(all.status.conditions).toEqual([
      {
        type: 'ServicesFound',
        status: 'True',
        reason: 'ServicesFound',
        message: 'Found 1 service(s)',
        observedGeneration: 2,
        lastTransitionTime: 'T1',
      },
      {
        type: 'EndpointsReady',
        status: 'True',
        reason: 'AllEndpointsReady',
        message: 'All 2 endpoint(s) are ready',
        observedGeneration: 2,
        lastTransitionTime: 'T1',
      },
    ]);
    expect(all.event).toEqual({
      type: 'Normal',
      reason: 'EndpointsReady',
      message: 'All 2 endpoints ready for base model Qwen/Qwen3-0.6B',
    });
    const some = modelStatus({ ...base, lora: true, endpoints: [ep(true), ep(false)] });
    expect((some.status.conditions as any[])[1]).toMatchObject({
      status: 'False',
      reason: 'NotReady',
      message: 'Found 1 ready endpoint(s) out of 2 total',
    });
    expect(some.event).toEqual({
      type: 'Warning',
      reason: 'NotReady',
      message: 'Only 1 of 2 endpoints ready for base model Qwen/Qwen3-0.6B',
    });
  });

  test('base model: discovered endpoints are enough; no services is its own condition', () => {
    const r = modelStatus({ ...base, serviceNames: [], lora: false, endpoints: [ep(false)] });
    expect(r.status.conditions).toEqual([
      expect.objectContaining({
        type: 'ServicesFound',
        status: 'False',
        reason: 'NoServicesFound',
        message: 'No services associated with endpoint slices',
      }),
      expect.objectContaining({
        type: 'EndpointsReady',
        status: 'True',
        reason: 'EndpointsDiscovered',
        message: 'Found 1 endpoint(s) for base model',
      }),
    ]);
    expect(r.event).toEqual({
      type: 'Normal',
      reason: 'EndpointsDiscovered',
      message: 'Discovered 1 endpoints for base model Qwen/Qwen3-0.6B',
    });
  });

  test('no slices: zeroed status, the endpoint list removed, NoEndpointsFound', () => {
    const r = noEndpointsStatus('b', 1, [], 'T');
    expect(r.status).toMatchObject({ endpoints: null, readyEndpoints: 0, totalEndpoints: 0 });
    expect(r.event).toEqual({
      type: 'Warning',
      reason: 'NoEndpointsFound',
      message: 'No endpoint slices found for base model b',
    });
  });
});
