-- Health of a DynamoGraphDeployment (every version), from the status the Dynamo operator writes
-- (dynamo-iac's runtime operator or NVIDIA's): Healthy when the graph serves (the operator has
-- observed this generation and its Ready condition is True), Progressing while the operator
-- catches up or a restart or rolling update runs, Degraded when the graph failed.
-- Checks run in the order of Flux's healthCheckExprs (in progress, failed, current).
local hs = {}

local function condition(ctype)
  if obj.status.conditions == nil then
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
  if c ~= nil and c.reason ~= nil and c.reason ~= "" then
    return c.reason
  end
  return fallback
end

if obj.status == nil or obj.status.observedGeneration == nil or obj.status.observedGeneration ~= obj.metadata.generation then
  hs.status = "Progressing"
  hs.message = "Waiting for the operator to observe generation " .. tostring(obj.metadata.generation)
  return hs
end

local restart = obj.status.restart
local rolling = obj.status.rollingUpdate
if restart ~= nil and (restart.phase == "Pending" or restart.phase == "Restarting") then
  hs.status = "Progressing"
  hs.message = "Restart " .. tostring(restart.observedID) .. " is " .. restart.phase
  if restart.inProgress ~= nil and #restart.inProgress > 0 then
    hs.message = hs.message .. ": " .. table.concat(restart.inProgress, ", ")
  end
  return hs
end
if rolling ~= nil and (rolling.phase == "Pending" or rolling.phase == "InProgress") then
  hs.status = "Progressing"
  hs.message = "Rolling update " .. rolling.phase
  return hs
end

local ready = condition("Ready")
if obj.status.state == "failed" then
  hs.status = "Degraded"
  hs.message = describe(ready, "The graph failed")
  return hs
end
if restart ~= nil and restart.phase == "Failed" then
  hs.status = "Degraded"
  hs.message = "Restart " .. tostring(restart.observedID) .. " failed"
  return hs
end
if rolling ~= nil and rolling.phase == "Failed" then
  hs.status = "Degraded"
  hs.message = "Rolling update failed"
  return hs
end

if ready ~= nil and ready.status == "True" then
  hs.status = "Healthy"
  hs.message = describe(ready, "Ready")
  return hs
end
hs.status = "Progressing"
hs.message = describe(ready, "Waiting for the Ready condition")
return hs
