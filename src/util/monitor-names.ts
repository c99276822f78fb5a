/**
 * Monitor names as the service compares them. Its database is MySQL with Laravel's
 * default collation (utf8mb4_unicode_ci), which compares text ignoring case and accents
 * ("API", "api" and "Ápi" are one name; "ß" is "ss"): the unique rule on `name` and the
 * list's `search` both follow it. Everything here that asks "is this the same name?"
 * (the local server's uniqueness and search, `findByName`, the providers' duplicate
 * check, the gitops loader) asks through this module, so that no part of the project
 * answers differently from the service.
 */

/**
 * The form two names share when the service treats them as one: accents dropped
 * (canonical decomposition, combining marks removed) and full case folding
 * (upper then lower case, so that "ß" becomes "ss").
 */
export function nameKey(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toUpperCase()
    .toLowerCase();
}

/** True when the service treats `a` and `b` as the same monitor name. */
export function sameMonitorName(a: string, b: string): boolean {
  return a === b || nameKey(a) === nameKey(b);
}
