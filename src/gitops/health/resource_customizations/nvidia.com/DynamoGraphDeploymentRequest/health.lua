-- Health of a DynamoGraphDeploymentRequest (every version), from the status the Dynamo operator
-- writes (v1beta1 status.phase, v1alpha1 status.state): Healthy once the generated graph is
-- deployed and ready (or, with autoApply off, once its spec is generated), Progressing while it
-- is pending, profiling or deploying, Degraded when it failed or its graph degraded, Suspended
-- when a person has to act (a profiling result to import into the plan lock). Checks run in the
-- order of Flux's healthCheckExprs (in progress, failed, current), which report Suspended as failed.
local hs = {}

local function condition(ctype)
  if obj.status == nil or obj.status.conditions == nil then
    return nil
  end
  for _, c in ipairs(obj.status.conditions) do
    if c.type == ctype then
      return c
    end
  end
  return nil
end

local function describe(c, fallback)
  if c ~= nil and c.message ~= nil and c.message ~= "" then
    return c.message
  end
  return fallback
end

local phase = nil
if obj.status ~= nil then
  phase = obj.status.phase
  if phase == nil then
    phase = obj.status.state
  end
end
local succeeded = condition("Succeeded")
local deployment = condition("DeploymentReady")
local degraded = deployment ~= nil and deployment.status == "False" and deployment.reason == "DeploymentDegraded"

if phase == nil or phase == "" then
  hs.status = "Progressing"
  hs.message = "Waiting for the operator to report the request"
  return hs
end
if obj.status.observedGeneration ~= nil and obj.status.observedGeneration ~= obj.metadata.generation then
  hs.status = "Progressing"
  hs.message = "Waiting for the operator to observe generation " .. tostring(obj.metadata.generation)
  return hs
end
if phase == "Pending" or phase == "Initializing" or phase == "Profiling" or (phase == "Deploying" and not degraded) then
  hs.status = "Progressing"
  if phase == "Deploying" then
    hs.message = describe(deployment, describe(succeeded, phase))
  else
    hs.message = describe(succeeded, phase)
  end
  return hs
end

if degraded then
  hs.status = "Degraded"
  hs.message = describe(deployment, "The deployment degraded")
  return hs
end
if phase == "Failed" or phase == "DeploymentDeleted" then
  hs.status = "Degraded"
  hs.message = describe(succeeded, phase)
  return hs
end
if phase == "Ready" and succeeded ~= nil and succeeded.status == "False" then
  hs.status = "Suspended"
  hs.message = describe(succeeded, "Waiting for the profiling result to be imported")
  return hs
end

if phase == "Deployed" or phase == "Ready" then
  hs.status = "Healthy"
  hs.message = describe(succeeded, phase)
  return hs
end
hs.status = "Progressing"
hs.message = phase
return hs
