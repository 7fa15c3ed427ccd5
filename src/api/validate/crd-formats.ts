/**
 * The OpenAPI `format`s our CRD schemas use, checked the way the API server checks them. One
 * module for both the validators compiled at run time and the ones generated at build time
 * (crd-validators-build.ts), which `require` it by path.
 */
import type { Format } from 'ajv';

export const CRD_FORMATS: Record<string, Format> = {
  int32: { type: 'number', validate: (n: number) => Number.isInteger(n) && Math.abs(n) < 2 ** 31 },
  int64: { type: 'number', validate: (n: number) => Number.isSafeInteger(n) },
  'date-time': /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/,
};
