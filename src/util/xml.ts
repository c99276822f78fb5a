/** XML 1.0 for reports (JUnit): text escaped for an element or an attribute, and a JUnit document. */

/** `text` escaped for an XML element or a double-quoted attribute; characters XML 1.0 cannot hold become U+FFFD. */
export function xmlText(text: string): string {
  return (
    text
      .replace(/&/g, "&amp;")
      .replace(/</g, "&lt;")
      .replace(/>/g, "&gt;")
      .replace(/"/g, "&quot;")
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, "\ufffd")
  );
}

/** A JUnit document: one suite `suite` of `cases` (each a `<testcase>` element, indented), `counts` its attributes. */
export function junitDocument(name: string, suite: string, counts: string, cases: readonly string[]): string {
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<testsuites name="${xmlText(name)}" ${counts}>`,
    `  <testsuite name="${xmlText(suite)}" ${counts}>`,
    ...cases,
    `  </testsuite>`,
    `</testsuites>`,
    ``,
  ].join("\n");
}
