/**
 * One @pulumi/kubernetes resource per rendered object: the typed class where
 * one exists (so previews and diffs use the kind's schema), the generic
 * CustomResource for everything else (LeaderWorkerSet, nvidia.com records, …).
 */
import * as k8s from '@pulumi/kubernetes';
import * as pulumi from '@pulumi/pulumi';

// `args: never`: each class takes its own kind's args; the object handed over is that kind's.
type ResourceClass = new (name: string, args: never, opts?: pulumi.CustomResourceOptions) => pulumi.CustomResource;

const TYPED: Record<string, ResourceClass> = {
  'v1/ConfigMap': k8s.core.v1.ConfigMap,
  'v1/Namespace': k8s.core.v1.Namespace,
  'v1/PersistentVolumeClaim': k8s.core.v1.PersistentVolumeClaim,
  'v1/Secret': k8s.core.v1.Secret,
  'v1/Service': k8s.core.v1.Service,
  'v1/ServiceAccount': k8s.core.v1.ServiceAccount,
  'apps/v1/Deployment': k8s.apps.v1.Deployment,
  'apps/v1/StatefulSet': k8s.apps.v1.StatefulSet,
  'apps/v1/DaemonSet': k8s.apps.v1.DaemonSet,
  'batch/v1/Job': k8s.batch.v1.Job,
  'rbac.authorization.k8s.io/v1/ClusterRole': k8s.rbac.v1.ClusterRole,
  'rbac.authorization.k8s.io/v1/ClusterRoleBinding': k8s.rbac.v1.ClusterRoleBinding,
  'rbac.authorization.k8s.io/v1/Role': k8s.rbac.v1.Role,
  'rbac.authorization.k8s.io/v1/RoleBinding': k8s.rbac.v1.RoleBinding,
  'networking.k8s.io/v1/Ingress': k8s.networking.v1.Ingress,
  'apiextensions.k8s.io/v1/CustomResourceDefinition': k8s.apiextensions.v1.CustomResourceDefinition,
};

/** A rendered object as a resource; `args` is the object, whose strings may be Outputs. */
export function kubernetesResource(
  name: string,
  object: { readonly apiVersion: string; readonly kind: string },
  args: unknown,
  opts: pulumi.CustomResourceOptions,
): pulumi.CustomResource {
  const Typed = TYPED[`${object.apiVersion}/${object.kind}`];
  return Typed
    ? new Typed(name, args as never, opts)
    : new k8s.apiextensions.CustomResource(name, args as k8s.apiextensions.CustomResourceArgs, opts);
}
