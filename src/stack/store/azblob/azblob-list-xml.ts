/**
 * One page of the Blob service's List Blobs answer, read from its XML without an XML
 * library: only `EnumerationResults/Blobs/Blob/Name` and `EnumerationResults/NextMarker`
 * are taken, by their place in the tree (a `Name` elsewhere, e.g. in metadata, is not a key).
 */

/** The keys of one page and the marker of the next (empty on the last page). */
interface ListPage {
  names: string[];
  nextMarker: string;
}

const ENTITIES: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

/** Text with XML's character and entity references replaced. */
function unescapeXml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] !== "#") return ENTITIES[ref] ?? whole;
    const code = ref[1] === "x" || ref[1] === "X" ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    return String.fromCodePoint(code);
  });
}

/**
 * The page `xml` holds; throws an Error when it is not a List Blobs answer (no
 * `EnumerationResults` root, or tags that do not nest).
 */
export function parseListPage(xml: string): ListPage {
  const names: string[] = [];
  let nextMarker = "";
  const open: string[] = [];
  // Text of the element being read, when it is one we take, and whether Azure percent-encoded it.
  let text: string[] | undefined;
  let encoded = false;
  const tag =
    /<!\[CDATA\[([\s\S]*?)\]\]>|<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<!DOCTYPE[^>]*>|<(\/?)([A-Za-z_][\w.:-]*)([^>]*?)(\/?)>|([^<]+)/g;
  let sawRoot = false;
  for (let m = tag.exec(xml); m; m = tag.exec(xml)) {
    const [, cdata, closing, name, attributes, selfClosing, chars] = m;
    if (cdata !== undefined || chars !== undefined) {
      text?.push(cdata ?? unescapeXml(chars!));
      continue;
    }
    if (name === undefined) continue; // a comment, the declaration
    if (closing) {
      if (open.pop() !== name) throw new Error(`</${name}> closes no open <${name}>`);
      if (text) {
        const value = text.join("");
        if (name === "Name") names.push(encoded ? decodeURIComponent(value) : value);
        else nextMarker = value;
        text = undefined;
      }
      continue;
    }
    if (open.length === 0) {
      if (name !== "EnumerationResults") throw new Error(`the root element is <${name}>, not <EnumerationResults>`);
      sawRoot = true;
    }
    if (selfClosing) continue;
    open.push(name);
    const path = open.join("/");
    if (path === "EnumerationResults/Blobs/Blob/Name" || path === "EnumerationResults/NextMarker") {
      text = [];
      // Names with characters XML cannot carry come percent-encoded, marked Encoded="true".
      encoded = /\bEncoded\s*=\s*["']true["']/i.test(attributes);
    }
  }
  if (!sawRoot) throw new Error("it holds no <EnumerationResults> element");
  if (open.length) throw new Error(`<${open[open.length - 1]}> is not closed`);
  return { names, nextMarker };
}
