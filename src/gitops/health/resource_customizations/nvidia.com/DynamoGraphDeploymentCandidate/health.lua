-- Health of a DynamoGraphDeploymentCandidate (Dynamo 1.7): one configuration a search published.
-- Its status describes the evaluation, never a deployment: Healthy when the Evaluated condition is
-- True (with the rank, when the search ranks), Degraded when it is False, Progressing until the
-- operator reports it. Checks run in the order of Flux's healthCheckExprs (in progress, failed, current).
local hs = {}
local evaluated = nil
if obj.status ~= nil and obj.status.conditions ~= nil then
  for _, c in ipairs(obj.status.conditions) do
    if c.type == "Evaluated" then
      evaluated = c
    end
  end
end
local message = nil
if evaluated ~= nil then
  if evaluated.message ~= nil and evaluated.message ~= "" then
    message = evaluated.message
  elseif evaluated.reason ~= nil and evaluated.reason ~= "" then
    message = evaluated.reason
  end
end

if evaluated == nil or (evaluated.status ~= "True" and evaluated.status ~= "False") then
  hs.status = "Progressing"
  hs.message = message or "Waiting for the operator to report the evaluation"
  return hs
end
if evaluated.status == "False" then
  hs.status = "Degraded"
  hs.message = message or "Evaluation failed"
  return hs
end
hs.status = "Healthy"
if obj.status.rank ~= nil then
  hs.message = "Rank " .. tostring(obj.status.rank)
else
  hs.message = message or "Evaluated"
end
return hs
