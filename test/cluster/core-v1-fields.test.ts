/**
 * The core/v1 field tree synth-time validation uses (src/api/generated/core-v1-fields.ts) is exactly what
 * this API server's OpenAPI document says. With UPDATE_CORE_V1_FIELDS=1 the file is rewritten.
 */
import { readFileSync, writeFileSync } from 'fs';
import { join } from 'path';
import { coreV1Fields, coreV1FieldsSource } from '../../scripts/core-v1-fields';
import { KubeClient } from './kube';

const FILE = join(__dirname, '..', '..', 'src', 'api', 'generated', 'core-v1-fields.ts');

let kube: KubeClient;
beforeAll(() => {
  kube = KubeClient.fromTestEnv();
});
afterAll(() => kube.close());

test("src/api/generated/core-v1-fields.ts matches the server's OpenAPI v3 for core/v1", async () => {
  const openapi = await kube.request<Parameters<typeof coreV1Fields>[0]>('GET', '/openapi/v3/api/v1');
  const version = (await kube.request<{ gitVersion: string }>('GET', '/version')).gitVersion;
  const want = coreV1FieldsSource(coreV1Fields(openapi), version);
  if (process.env.UPDATE_CORE_V1_FIELDS === '1') writeFileSync(FILE, want);
  expect(readFileSync(FILE, 'utf8')).toBe(want);
});
