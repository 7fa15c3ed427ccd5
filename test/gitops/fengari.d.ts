/** fengari ships no type declarations; the Lua runner (argo-lua.ts) uses its C-style API untyped. */
declare module 'fengari' {
  export const lua: any;
  export const lauxlib: any;
  export const lualib: any;
  export function to_luastring(s: string): Uint8Array;
  export function to_jsstring(s: Uint8Array): string;
}
