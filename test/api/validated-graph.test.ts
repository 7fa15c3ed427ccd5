import { apiServerMessage, INT_OR_STRING_MESSAGE } from '../../src/api/validate/ajv-errors';
import { dynamoNamespaceOf } from '../../src/api/dynamo-namespace';
import { GraphModel } from '../../src/api/model';
import { acceptValidated } from '../../src/api/validated-graph';
import { packageVersion } from '../../src/package-version';

describe('acceptValidated: the only way to a ValidatedGraph', () => {
  const model = { name: 'g' } as GraphModel;

  test('gives the model itself (a type-level mark, nothing copied) when validation found no error', () => {
    expect(acceptValidated(model, [])).toBe(model);
    expect(acceptValidated(model, [{ path: 'spec', message: 'note', severity: 'warning' }])).toBe(model);
  });

  test('gives nothing when any problem is an error (no severity counts as one)', () => {
    expect(acceptValidated(model, [{ path: 'spec', message: 'bad', severity: 'error' }])).toBeUndefined();
    expect(acceptValidated(model, [{ path: 'spec', message: 'bad' }])).toBeUndefined();
  });
});

describe('apiServerMessage: one wording for CRD and core/v1 schema errors', () => {
  test.each([
    [{ keyword: 'required', params: { missingProperty: 'name' } }, undefined, 'Required value'],
    [{ keyword: 'additionalProperties', params: { additionalProperty: 'foo' } }, {}, 'unknown field "foo"'],
    [{ keyword: 'type', params: { type: 'integer' } }, 'x', 'must be an integer'],
    [{ keyword: 'type', params: { type: 'array' } }, 'x', 'must be a list'],
    [
      { keyword: 'enum', params: { allowedValues: ['a', 'b'] } },
      'c',
      'Unsupported value: "c": supported values: "a", "b"',
    ],
    [{ keyword: 'format', params: { format: 'date-time' } }, 'x', 'invalid value "x": must be a valid date-time'],
    [{ keyword: 'minLength', params: { limit: 1 } }, '', 'Required value'],
    [{ keyword: 'minLength', params: { limit: 3 } }, 'ab', 'should be at least 3 chars long'],
    [{ keyword: 'maxItems', params: { limit: 1 } }, [1, 2], 'Too many: 2: must have at most 1 items'],
    [{ keyword: 'anyOf', params: {} }, true, INT_OR_STRING_MESSAGE],
    [{ keyword: 'oneOf', params: {} }, true, INT_OR_STRING_MESSAGE],
    [{ keyword: 'const', params: {}, message: 'must be equal to constant' }, 1, 'must be equal to constant'],
  ])('%j on %j', (error, value, message) => {
    expect(apiServerMessage(error, value)).toBe(message);
  });
});

test('the Dynamo namespace: <namespace>-<graph> with dots as dashes, or dynamo for global components', () => {
  expect(dynamoNamespaceOf('llm', 'qwen.v2', false)).toBe('llm-qwen-v2');
  expect(dynamoNamespaceOf('llm', 'qwen.v2', true)).toBe('dynamo');
});

test("packageVersion is the package's version, wherever the code runs from", () => {
  expect(packageVersion()).toBe(require('../../package.json').version);
});
