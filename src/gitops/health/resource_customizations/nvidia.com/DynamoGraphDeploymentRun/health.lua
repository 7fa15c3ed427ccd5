-- Health of a DynamoGraphDeploymentRun (Dynamo 1.7): one search of a v1beta2 request, written by
-- the Dynamo operator. Progressing while it is Pending or Running (with the candidates published so
-- far), Healthy when it Succeeded, Degraded when it Failed, with the Completed condition's message.
-- Read from status.phase, which upstream derives from its conditions. Checks run in the order of
-- Flux's healthCheckExprs (in progress, failed, current).
local hs = {}
local phase = nil
local completed = nil
if obj.status ~= nil then
  phase = obj.status.phase
  if obj.status.conditions ~= nil then
    for _, c in ipairs(obj.status.conditions) do
      if c.type == "Completed" then
        completed = c
      end
    end
  end
end
local message = nil
if completed ~= nil and completed.message ~= nil and completed.message ~= "" then
  message = completed.message
end
local published = nil
if obj.status ~= nil and obj.status.progress ~= nil and obj.status.progress.candidates ~= nil then
  published = obj.status.progress.candidates.published
end

if phase == nil or phase == "" or phase == "Pending" then
  hs.status = "Progressing"
  hs.message = "Waiting for the operator to start the search"
  return hs
end
if phase == "Running" then
  hs.status = "Progressing"
  hs.message = "Searching: " .. tostring(published or 0) .. " candidates published"
  return hs
end
if phase == "Failed" then
  hs.status = "Degraded"
  hs.message = message or "The search failed"
  return hs
end
if phase == "Succeeded" then
  hs.status = "Healthy"
  hs.message = message or (tostring(published or 0) .. " candidates published")
  return hs
end
hs.status = "Progressing"
hs.message = "Unknown phase " .. tostring(phase)
return hs
