/**
 * A LoRA adapter on an aggregated vLLM graph: the worker names its base model (`modelRef`), which
 * renders the model's headless Service and labels its pods; the DynamoModel record asks the
 * runtime operator to load the adapter into every pod serving that base model.
 */
import { DynamoGraphDeploymentProps, DynamoModelProps } from '../../src';
import { aggregatedVllm } from './agg-vllm';

const BASE_MODEL = 'Qwen/Qwen3-0.6B';

export const supportLora: DynamoModelProps = {
  name: 'qwen3-support-lora',
  spec: {
    modelName: 'qwen3-support-lora',
    baseModelName: BASE_MODEL,
    modelType: 'lora',
    source: { uri: 'hf://example-org/qwen3-support-lora@main' },
  },
};

/** The aggregated graph, its worker serving the LoRA's base model. */
export const aggregatedWithLora: DynamoGraphDeploymentProps = {
  ...aggregatedVllm,
  name: 'vllm-agg-lora',
  spec: {
    ...aggregatedVllm.spec,
    components: aggregatedVllm.spec.components.map((c) => (c.type === 'worker' ? { ...c, modelRef: { name: BASE_MODEL } } : c)),
  },
};

/** The component `DynamoModel.attachTo` links the adapter to. */
export const LORA_COMPONENT = 'VllmDecodeWorker';
