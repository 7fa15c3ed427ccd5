import { EndpointSlice } from '../../../../src/operator/controllers/kinds';
import { extractCandidates } from '../../../../src/operator/controllers/models/discovery';

type Endpoints = NonNullable<EndpointSlice['endpoints']>;
const slice = (
  name: string,
  endpoints: Endpoints,
  ports: EndpointSlice['ports'] = [{ name: 'system', port: 9090 }],
  service = 'dynamo-model-fb68f5a6',
): EndpointSlice => ({
  apiVersion: 'discovery.k8s.io/v1',
  kind: 'EndpointSlice',
  metadata: {
    name,
    namespace: 'ml',
    labels: { 'nvidia.com/dynamo-base-model-hash': 'fb68f5a6', 'kubernetes.io/service-name': service },
  },
  addressType: 'IPv4',
  endpoints,
  ports,
});
const pod = (name: string, ...addresses: string[]) => ({
  addresses,
  targetRef: { kind: 'Pod', name, uid: `uid-${name}` },
});

describe('endpoint discovery from EndpointSlices', () => {
  test('one candidate per pod, at its first address and the system port; non-pod endpoints skipped', () => {
    const d = extractCandidates([
      slice('b', [pod('p2', '10.0.0.2'), pod('p1', '10.0.0.9')]),
      slice('a', [
        pod('p1', '10.0.0.1', '10.0.0.7'),
        { addresses: ['10.0.0.3'], targetRef: { kind: 'Node', name: 'n' } },
        { addresses: ['10.0.0.4'] },
        pod('p0'),
      ]),
    ]);
    expect(d.candidates).toEqual([
      { address: 'http://10.0.0.1:9090', podName: 'p1' },
      { address: 'http://10.0.0.2:9090', podName: 'p2' },
    ]);
    expect(d.serviceNames).toEqual(['dynamo-model-fb68f5a6']);
  });

  test('IPv6 addresses are bracketed; the slice port and a host override are honoured when asked for', () => {
    expect(extractCandidates([slice('a', [pod('p', 'fd00::1')])]).candidates[0].address).toBe('http://[fd00::1]:9090');
    const s = slice(
      'a',
      [pod('p', '10.0.0.1')],
      [
        { name: 'http', port: 8000 },
        { name: 'system', port: 19090 },
      ],
    );
    expect(extractCandidates([s], 'endpointslice').candidates[0].address).toBe('http://10.0.0.1:19090');
    expect(extractCandidates([s], 'endpointslice', '127.0.0.1').candidates[0].address).toBe('http://127.0.0.1:19090');
    expect(extractCandidates([s], 9000).candidates[0].address).toBe('http://10.0.0.1:9000');
  });
});
