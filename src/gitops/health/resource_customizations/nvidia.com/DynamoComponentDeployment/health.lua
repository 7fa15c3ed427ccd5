-- Health of a DynamoComponentDeployment (every version), from the status the Dynamo operator
-- writes: Healthy when its Available condition is True for this generation (v1beta1 reports
-- status.observedGeneration, v1alpha1 only the condition's), otherwise Progressing with the
-- condition's message. Checks run in the order of Flux's healthCheckExprs (in progress, current).
local hs = {}

local available = nil
if obj.status ~= nil and obj.status.conditions ~= nil then
  for _, c in ipairs(obj.status.conditions) do
    if c.type == "Available" then
      available = c
    end
  end
end

if available == nil then
  hs.status = "Progressing"
  hs.message = "Waiting for the operator to report the component"
  return hs
end

local observed = obj.status.observedGeneration
if observed == nil then
  observed = available.observedGeneration
end
if observed == nil or observed ~= obj.metadata.generation then
  hs.status = "Progressing"
  hs.message = "Waiting for the operator to observe generation " .. tostring(obj.metadata.generation)
  return hs
end

if available.status == "True" then
  hs.status = "Healthy"
else
  hs.status = "Progressing"
end
hs.message = available.message or available.reason or ""
return hs
