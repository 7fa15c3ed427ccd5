/**
 * Kubernetes core/v1 and meta/v1 shapes embedded in the Dynamo CRDs.
 *
 * Upstream embeds the full generated core/v1 schemas (PodSpec, Container, Probe, ...). We keep
 * them as open objects (`x-kubernetes-preserve-unknown-fields`): a full core/v1 schema is
 * megabytes of YAML per CRD, it would pin us to one Kubernetes minor, and the API server
 * validates the real pod fields anyway when the workloads we render are applied. Only the
 * fields a list-map key or a rule needs are typed.
 */
import { arr, bool, doc, int64, JSONSchemaProps, map, obj, preserveUnknown, str, time } from './schema';

const OPEN_NOTE = 'Kept open: validated by the API server on the rendered workload.';

export function podSpec(extra: Record<string, JSONSchemaProps> = {}): JSONSchemaProps {
  return doc(`A core/v1 PodSpec. ${OPEN_NOTE}`, preserveUnknown(extra));
}

export function podTemplateSpec(): JSONSchemaProps {
  return doc(`A core/v1 PodTemplateSpec. ${OPEN_NOTE}`, preserveUnknown());
}

export function container(): JSONSchemaProps {
  return doc(`A core/v1 Container. ${OPEN_NOTE}`, preserveUnknown());
}

export function probe(): JSONSchemaProps {
  return doc(`A core/v1 Probe. ${OPEN_NOTE}`, preserveUnknown());
}

export function envVar(): JSONSchemaProps {
  return doc(`A core/v1 EnvVar. ${OPEN_NOTE}`, preserveUnknown({ name: str() }, { required: ['name'] }));
}

export function envVars(): JSONSchemaProps {
  return arr(envVar());
}

/** core/v1 ConfigMapKeySelector: small and stable, so typed in full. */
export function configMapKeySelector(): JSONSchemaProps {
  return obj({ key: str(), name: str(), optional: bool() }, { required: ['key'] });
}

/** meta/v1 Condition, with the constraints the API machinery documents for it. */
export function condition(): JSONSchemaProps {
  return obj(
    {
      type: str({
        maxLength: 316,
        pattern:
          '^([a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*/)?(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])$',
      }),
      status: str({ enum: ['True', 'False', 'Unknown'] }),
      observedGeneration: int64({ min: 0 }),
      lastTransitionTime: time(),
      reason: str({ minLength: 1, maxLength: 1024, pattern: '^[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?$' }),
      message: str({ maxLength: 32768 }),
    },
    { required: ['type', 'status', 'lastTransitionTime', 'reason', 'message'] },
  );
}

export function conditions(): JSONSchemaProps {
  return arr(condition());
}

export function stringMap(): JSONSchemaProps {
  return map(str());
}
