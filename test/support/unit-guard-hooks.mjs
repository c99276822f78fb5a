/**
 * The ES module loader's part of test/support/unit-guard.ts: a resolve hook that refuses
 * PGlite, whether named (`import("@electric-sql/pglite")`) or by the file it resolves to (as
 * vitest imports a package it resolved itself), with the guard's message.
 */
let refusal = "";

/** Receives the guard's words from `register`. */
export function initialize(data) {
  refusal = `loading ${data.pkg} by import() in the unit suite: ${data.move}`;
}

const PGLITE = /^@electric-sql\/pglite(\/|$)|\/node_modules\/@electric-sql\/pglite\//;

export async function resolve(specifier, context, next) {
  if (PGLITE.test(specifier)) throw new Error(refusal);
  const resolved = await next(specifier, context);
  if (PGLITE.test(resolved.url)) throw new Error(refusal);
  return resolved;
}
