/**
 * Runs an Argo CD Lua health check the way Argo CD v3 does, in a JS Lua VM (fengari): only the
 * libraries Argo's sandbox opens for an `argocd-cm` script (package, base, table, and an `os`
 * with only `time` and `date`; no `string`, `math`, `io` or `debug`), the object as the global
 * `obj` (JSON arrays as 1-based tables, numbers as Lua numbers), and the returned table's
 * `status` and `message` read back. A script that calls what the sandbox lacks fails here as it
 * would in Argo CD.
 */
import { lauxlib, lua, lualib, to_jsstring, to_luastring } from 'fengari';

export interface LuaHealth {
  status: string;
  message: string;
}

type L = unknown;

function push(L: L, v: unknown): void {
  if (v === null || v === undefined) lua.lua_pushnil(L);
  else if (typeof v === 'boolean') lua.lua_pushboolean(L, v);
  // gopher-lua numbers are float64 but print integral values without a fraction, as Lua 5.3
  // integers do (fengari's are 32-bit: larger ones stay floats, compared by value all the same).
  else if (typeof v === 'number' && (v | 0) === v) lua.lua_pushinteger(L, v);
  else if (typeof v === 'number') lua.lua_pushnumber(L, v);
  else if (typeof v === 'string') lua.lua_pushstring(L, to_luastring(v));
  else if (Array.isArray(v)) {
    lua.lua_createtable(L, v.length, 0);
    v.forEach((item, i) => {
      push(L, item);
      lua.lua_rawseti(L, -2, i + 1);
    });
  } else {
    const entries = Object.entries(v as Record<string, unknown>);
    lua.lua_createtable(L, 0, entries.length);
    for (const [k, item] of entries) {
      push(L, item);
      lua.lua_setfield(L, -2, to_luastring(k));
    }
  }
}

function open(L: L, name: string, f: unknown): void {
  lauxlib.luaL_requiref(L, to_luastring(name), f, 1);
  lua.lua_pop(L, 1);
}

/** A new state with Argo CD's sandbox: package, base, table, and a safe `os`. */
function sandbox(): L {
  const L = lauxlib.luaL_newstate();
  open(L, lualib.LUA_LOADLIBNAME, lualib.luaopen_package);
  open(L, '_G', lualib.luaopen_base);
  open(L, lualib.LUA_TABLIBNAME, lualib.luaopen_table);
  // The full os library, cut down to Argo's safe subset.
  open(L, lualib.LUA_OSLIBNAME, lualib.luaopen_os);
  lua.lua_getglobal(L, to_luastring('os'));
  for (const f of ['clock', 'difftime', 'execute', 'exit', 'getenv', 'remove', 'rename', 'setlocale', 'tmpname']) {
    lua.lua_pushnil(L);
    lua.lua_setfield(L, -2, to_luastring(f));
  }
  lua.lua_pop(L, 1);
  return L;
}

function field(L: L, name: string): string {
  lua.lua_getfield(L, -1, to_luastring(name));
  const v = lua.lua_isstring(L, -1) ? to_jsstring(lua.lua_tostring(L, -1)) : '';
  lua.lua_pop(L, 1);
  return v;
}

/** The health a script gives `obj`; throws with Lua's message when the script fails. */
export function runHealthScript(script: string, obj: unknown): LuaHealth {
  const L = sandbox();
  push(L, obj);
  lua.lua_setglobal(L, to_luastring('obj'));
  if (lauxlib.luaL_loadstring(L, to_luastring(script)) !== lua.LUA_OK || lua.lua_pcall(L, 0, 1, 0) !== lua.LUA_OK) {
    throw new Error(`Lua: ${to_jsstring(lua.lua_tostring(L, -1))}`);
  }
  if (!lua.lua_istable(L, -1)) throw new Error('Lua: the script returned no table');
  return { status: field(L, 'status'), message: field(L, 'message') };
}
