/** Ingress and VirtualService of a component (network.ts). */
import { frontend, graph } from './builders';
import { rendered } from './helpers';

describe('ingress', () => {
  test('Ingress with class, host, TLS; VirtualService when asked for', () => {
    const r = rendered(
      graph({
        components: [
          frontend({
            ingress: {
              enabled: true,
              host: 'chat',
              hostPrefix: 'eu-',
              hostSuffix: 'example.com',
              ingressControllerClassName: 'nginx',
              tlsSecretName: 'tls',
              useVirtualService: true,
              virtualServiceGateway: 'istio-system/gw',
              annotations: { a: 'b' },
            },
          }),
        ],
      }),
    );
    expect(r.find('Ingress', 'demo-frontend')).toMatchObject({
      metadata: { annotations: { a: 'b' } },
      spec: {
        ingressClassName: 'nginx',
        rules: [
          {
            host: 'eu-chat.example.com',
            http: {
              paths: [
                {
                  path: '/',
                  pathType: 'Prefix',
                  backend: { service: { name: 'demo-frontend', port: { number: 8000 } } },
                },
              ],
            },
          },
        ],
        tls: [{ hosts: ['eu-chat.example.com'], secretName: 'tls' }],
      },
    });
    expect(r.find('VirtualService', 'demo-frontend').spec).toEqual({
      hosts: ['eu-chat.example.com'],
      gateways: ['istio-system/gw'],
      http: [
        {
          match: [{ uri: { prefix: '/' } }],
          route: [{ destination: { host: 'demo-frontend', port: { number: 8000 } } }],
        },
      ],
    });
  });

  test('a frontend without ingress gets the platform default; host defaults to the graph name', () => {
    const r = rendered(graph({ components: [frontend()] }), {
      ingress: { controllerClassName: 'nginx', hostSuffix: 'corp' },
    });
    expect(r.find('Ingress', 'demo-frontend').spec.rules[0].host).toBe('demo.corp');
    expect(rendered(graph({ components: [frontend()] })).ids).not.toContain('Ingress/demo-frontend');
  });
});
