-- Health of a DynamoModel, from the status the Dynamo operator writes: Healthy when its
-- EndpointsReady condition is True for this generation (a base model's endpoints were found, a
-- LoRA adapter is loaded on every endpoint), Progressing while there are no endpoints yet,
-- Degraded when the model is invalid (Valid=False) or an adapter failed to load on some endpoints.
-- Checks run in the order of Flux's healthCheckExprs (in progress, failed, current).
local hs = {}
local conditions = {}
if obj.status ~= nil and obj.status.conditions ~= nil then
  for _, c in ipairs(obj.status.conditions) do
    conditions[c.type] = c
  end
end
local valid = conditions["Valid"]
local endpoints = conditions["EndpointsReady"]
local invalid = valid ~= nil and valid.status == "False"

if not invalid then
  if endpoints == nil then
    hs.status = "Progressing"
    hs.message = "Waiting for the operator to report the model's endpoints"
    return hs
  end
  if endpoints.observedGeneration ~= nil and endpoints.observedGeneration ~= obj.metadata.generation then
    hs.status = "Progressing"
    hs.message = "Waiting for the operator to observe generation " .. tostring(obj.metadata.generation)
    return hs
  end
  if endpoints.status ~= "True" and endpoints.reason ~= "NotReady" then
    hs.status = "Progressing"
    hs.message = endpoints.message or endpoints.reason or ""
    return hs
  end
end

if invalid then
  hs.status = "Degraded"
  hs.message = valid.message or valid.reason or "Invalid"
  return hs
end
if endpoints.status ~= "True" then
  hs.status = "Degraded"
  hs.message = endpoints.message or endpoints.reason or ""
  return hs
end
hs.status = "Healthy"
hs.message = endpoints.message or ""
return hs
