-- Health of a DynamoGraphDeploymentScalingAdapter (every version): Healthy once the operator has
-- applied the replicas asked for (status.replicas equals spec.replicas) and published the label
-- selector an autoscaler reads; Progressing until then. Zero replicas is a healthy choice.
-- Checks run in the order of Flux's healthCheckExprs (in progress, current).
local hs = {}
local wanted = nil
if obj.spec ~= nil then
  wanted = obj.spec.replicas
end
if obj.status == nil or obj.status.replicas == nil or obj.status.replicas ~= wanted then
  local have = "none"
  if obj.status ~= nil and obj.status.replicas ~= nil then
    have = tostring(obj.status.replicas)
  end
  hs.status = "Progressing"
  hs.message = "Waiting for the operator to apply " .. tostring(wanted) .. " replicas (applied: " .. have .. ")"
  return hs
end
if obj.status.selector == nil or obj.status.selector == "" then
  hs.status = "Progressing"
  hs.message = "Waiting for the operator to publish the label selector"
  return hs
end
hs.status = "Healthy"
hs.message = tostring(wanted) .. " replicas"
return hs
