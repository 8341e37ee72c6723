/**
 * Three edits to DuckDB-WASM's worker script (its Emscripten glue) that shorten the engine's start
 * without changing what it does (issue 15).
 *
 * duckdb-wasm is an Emscripten MAIN_MODULE build: when its wasm is instantiated, the glue links
 * its 75,011 exports in JavaScript, in loops written for a program that will load side modules
 * (dlopen). Chromium's profiler put about a second of the DuckDB worker's start in them on our
 * 2-core machine (ARCHITECTURE.md, Facts: boot). Sift never loads a side module — DuckDB's
 * extensions are off and locked (workers/lockdown.ts) — and each edit keeps what a side module
 * would need anyway:
 *
 * 1. `updateGOT` gave every exported function a slot in the function table and a
 *    `WebAssembly.Global` holding it, in case a side module asked for its address: 70,000 table
 *    growths by one and as many Globals. Only the entries the wasm asked for while it was
 *    instantiated (its GOT.func imports, created by `GOTHandler`) are filled now. One a side
 *    module asks for later is created by the same handler and filled by
 *    `reportUndefinedSymbols`, which resolves it from `wasmImports` (where `mergeLibSymbols`
 *    put every export) — the path Emscripten already takes for symbols it meets late.
 * 2. `applySignatureConversions` copied the 75,011 exports into a new object to rewrap a dozen
 *    of them; the object it is given is the one `relocateExports` has just built and nothing else
 *    holds, so the dozen are rewrapped in place.
 * 3. `mergeLibSymbols` went over the exports twice, through `Object.entries` arrays and a closure
 *    per symbol; one loop does the same two things.
 *
 * Each edit names the exact text it replaces and the build fails if that text is not found
 * exactly once, so a new duckdb-wasm cannot silently run unpatched or half-patched
 * (tests/unit/duckdb-glue.test.ts runs them against the installed version).
 */

export interface GlueEdit {
  why: string;
  find: string;
  replace: string;
}

export const GLUE_EDITS: readonly GlueEdit[] = [
  {
    why: 'updateGOT: only the GOT entries the module asked for',
    // A function no one asked for is passed over before anything else is looked at; an `orig$`
    // name is looked at again under the name it stands for.
    find: 'updateGOT=(e,t)=>{for(var r in e)if(!isInternalSym(r)){var n=e[r];r.startsWith("orig$")&&(r=r.split("$")[1],t=!0),GOT[r]||(',
    replace:
      'updateGOT=(e,t)=>{for(var r in e){var n=e[r];if(typeof n=="function"&&!GOT[r]&&!r.startsWith("orig$")||isInternalSym(r))continue;r.startsWith("orig$")&&(r=r.split("$")[1],t=!0);if(typeof n=="function"&&!GOT[r])continue;GOT[r]||(',
  },
  {
    why: 'applySignatureConversions: in place, not on a copy of every export',
    find: 'function applySignatureConversions(e){e=Object.assign({},e);',
    replace: 'function applySignatureConversions(e){',
  },
  {
    why: 'mergeLibSymbols: one loop over the exports',
    find: 'mergeLibSymbols=(e,t)=>{registerDynCallSymbols(e);for(var[r,n]of Object.entries(e))(l=>{isSymbolDefined(l)||(wasmImports[l]=n)})(r)}',
    replace:
      'mergeLibSymbols=(e,t)=>{for(var r in e){r.startsWith("dynCall_")&&!Module.hasOwnProperty(r)&&(Module[r]=e[r]);isSymbolDefined(r)||(wasmImports[r]=e[r])}}',
  },
];

/** The glue with every edit applied; throws, naming the edit, when one does not match once. */
export function patchGlue(source: string, edits: readonly GlueEdit[] = GLUE_EDITS): string {
  let out = source;
  for (const edit of edits) {
    const count = out.split(edit.find).length - 1;
    if (count !== 1)
      throw new Error(
        `DuckDB-WASM's worker script has changed: "${edit.why}" matched ${count} times instead of once. ` +
          'Check the edit against the new glue (build/duckdb-glue.ts).',
      );
    out = out.replace(edit.find, () => edit.replace);
  }
  return out;
}
