/**
 * Reading a DGD as the cluster stores it into the internal model. Our CRDs use `None`
 * conversion, so an object written as v1alpha1 is served under v1beta1 with its v1alpha1
 * fields: its shape, not its apiVersion, says which converter applies.
 */
import { errorsOf, GraphModel, loadGraph } from '../../api';
import { GraphDeployment } from './kinds';

export function graphModelOf(dgd: GraphDeployment): GraphModel | undefined {
  const v1alpha1 = dgd.spec?.services !== undefined && dgd.spec?.components === undefined;
  const { model, problems } = loadGraph({ ...dgd, apiVersion: v1alpha1 ? 'nvidia.com/v1alpha1' : 'nvidia.com/v1beta1' });
  return errorsOf(problems).length ? undefined : model;
}
