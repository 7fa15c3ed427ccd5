-- Health of a DynamoWorkerMetadata: what a Dynamo worker registers about itself (its endpoints
-- and model cards) under Kubernetes discovery, one object per pod, written by the runtime and
-- owned by the pod. Healthy once it holds registration data; Progressing while it is empty.
-- Checks run in the order of Flux's healthCheckExprs (in progress, current).
local hs = {}
local data = nil
if obj.spec ~= nil then
  data = obj.spec.data
end
local registered = false
if type(data) == "table" then
  registered = next(data) ~= nil
elseif type(data) == "string" then
  registered = data ~= ""
end
if registered then
  hs.status = "Healthy"
  hs.message = "Worker registered"
else
  hs.status = "Progressing"
  hs.message = "Waiting for the worker to register"
end
return hs
