/**
 * Form fields without a name. qs (like PHP's parser) drops `=x` silently and reads
 * `[name]=x` as `name=x`; the server refuses every field it does not know (422 "not
 * allowed"), and a field without a name is one of them: a client that sends it has lost a
 * name on the way (an encoder given an empty key), which dropping it would hide, and the
 * bracket form would let it write a field it never named. So such pairs are taken out
 * before qs reads the body, and reported under the key "" (what a JSON body's empty key
 * gets too).
 */

/** The key the validators report a nameless field under. */
export const NAMELESS_FIELD = "";

/** A form body split into the pairs qs should read and whether any pair had no name. */
interface SplitForm {
  /** The pairs with a name, joined as sent. */
  named: string;
  /** True when some pair's name was empty or began with a bracket. */
  nameless: boolean;
}

/**
 * The name of a `name=value` pair as qs finds it (up to the first `=`, or `]=` when there
 * is one), percent-encoded brackets included: empty, or starting with `[`, means nameless.
 * An empty pair (`a=1&&b=2`, a trailing `&`) is no field at all and is left to qs.
 */
function isNameless(pair: string): boolean {
  if (pair === "") return false;
  const equals = pair.indexOf("=");
  const closing = pair.indexOf("]=");
  const name = pair.slice(0, closing !== -1 ? closing + 1 : equals !== -1 ? equals : pair.length);
  return name === "" || name.startsWith("[") || /^%5b/i.test(name);
}

/** Splits `text` (a form body) into its named pairs and whether it held a nameless one. */
export function splitNamelessFields(text: string): SplitForm {
  const pairs = text.split("&");
  const named = pairs.filter((p) => !isNameless(p));
  return { named: named.length === pairs.length ? text : named.join("&"), nameless: named.length !== pairs.length };
}
