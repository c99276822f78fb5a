/**
 * Text that is safe in a Java or C# source file: string literals and line comments. Both
 * languages take JSON's escapes in a string; C# also ends a line at U+0085, U+2028 and
 * U+2029, and Java reads `\u` escapes even inside comments, so those are escaped here.
 */
import { oneLine } from "./text";

/** A Java or C# string literal of `s`. */
export function quoted(s: string): string {
  return JSON.stringify(s).replace(
    /[\u0085\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

/**
 * `s` as one `// ` comment line: no line break, and every backslash doubled, so that no
 * `\u000a` in a monitor's name can end the comment when javac reads it.
 */
export function lineComment(s: string): string {
  return `// ${oneLine(s)
    .replace(/\u0085/g, " ")
    .replace(/\\/g, "\\\\")}`.trimEnd();
}
