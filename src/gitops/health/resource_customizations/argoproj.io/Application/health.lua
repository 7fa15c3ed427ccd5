-- Health of an Argo CD Application as a resource of another Application (an app of apps):
-- Argo CD assesses none by default, so a parent's sync wave would move on the moment a child
-- Application exists. Here a child is Progressing until it has synced its current revision
-- (no operation running, Synced), Degraded when its last sync failed, and otherwise as healthy
-- as its own resources say, so the parent's waves wait for CRDs, then the platform, then graphs.
local hs = {}
if obj.status == nil then
  hs.status = "Progressing"
  hs.message = "Waiting for the application controller"
  return hs
end
local op = obj.status.operationState
if op ~= nil and (op.phase == "Running" or op.phase == "Terminating") then
  hs.status = "Progressing"
  hs.message = op.message or "Syncing"
  return hs
end
if op ~= nil and (op.phase == "Failed" or op.phase == "Error") then
  hs.status = "Degraded"
  hs.message = op.message or "Sync failed"
  return hs
end
if obj.status.sync == nil or obj.status.sync.status ~= "Synced" then
  hs.status = "Progressing"
  hs.message = "Waiting for the application to sync"
  return hs
end
if obj.status.health == nil or obj.status.health.status == nil then
  hs.status = "Progressing"
  hs.message = "Waiting for the application's health"
  return hs
end
hs.status = obj.status.health.status
hs.message = obj.status.health.message or ""
return hs
