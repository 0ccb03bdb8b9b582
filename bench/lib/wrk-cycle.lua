-- Sends request k to the next of a list of paths, with a counter parameter so
-- that no two requests share a URL (bench/lib/load.ts, RequestCycle). Arguments
-- after `--`: the parameter's name ('' for none), a run id, then the paths.
-- Only request() is added to the summary script: no response() hook, which
-- would copy every body into Lua.
local dir = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
dofile(dir .. "wrk-summary.lua")

local nonce_param = ""
local run_id = ""
local paths = {}
local sent = 0

function init(args)
  nonce_param = args[1] or ""
  run_id = args[2] or ""
  for i = 3, #args do paths[#paths + 1] = args[i] end
end

function request()
  local path = paths[(sent % #paths) + 1]
  if nonce_param ~= "" then
    local sep = path:find("?", 1, true) and "&" or "?"
    path = path .. sep .. nonce_param .. "=" .. run_id .. "-" .. sent
  end
  sent = sent + 1
  return wrk.format(nil, path)
end
