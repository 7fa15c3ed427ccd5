-- Health of a DynamoCheckpoint, from the phase the Dynamo operator writes: Healthy when the
-- checkpoint is Ready, Degraded when it Failed (with the operator's message), Progressing while
-- it is Pending or its Job is Creating it. Checks run in the order of Flux's healthCheckExprs
-- (in progress, failed, current).
local hs = {}
local phase = nil
local message = nil
if obj.status ~= nil then
  phase = obj.status.phase
  message = obj.status.message
end
if message == "" then
  message = nil
end

if phase == nil or phase == "" or phase == "Pending" or phase == "Creating" then
  hs.status = "Progressing"
  if phase == "Creating" and obj.status.jobName ~= nil and obj.status.jobName ~= "" then
    hs.message = message or ("Checkpoint job " .. obj.status.jobName .. " is running")
  else
    hs.message = message or "Waiting for the operator to start the checkpoint job"
  end
  return hs
end
if phase == "Failed" then
  hs.status = "Degraded"
  hs.message = message or "The checkpoint failed"
  return hs
end
if phase == "Ready" then
  hs.status = "Healthy"
  hs.message = message or "Checkpoint ready"
  return hs
end
hs.status = "Progressing"
hs.message = "Unknown phase " .. tostring(phase)
return hs
