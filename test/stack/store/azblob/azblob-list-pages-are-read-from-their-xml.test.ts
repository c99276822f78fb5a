/**
 * A List Blobs answer gives its keys and the next page's marker: names with XML escapes,
 * character references, CDATA or Azure's percent-encoding come back as the keys they are;
 * a `Name` outside a blob (metadata) is not a key; an answer that is not a list is refused.
 */
import { expect, test } from "vitest";
import { parseListPage } from "../../../../src/stack/store/azblob/azblob-list-xml";

const page = (blobs: string, tail = "<NextMarker />") =>
  `<?xml version="1.0" encoding="utf-8"?>\n<EnumerationResults ServiceEndpoint="http://x/" ContainerName="c">` +
  `<Prefix>.pulumi/</Prefix><MaxResults>2</MaxResults><Blobs>${blobs}</Blobs>${tail}</EnumerationResults>`;

test("every blob's name in order, and an empty marker on the last page", () => {
  const xml = page(
    "<Blob><Name>.pulumi/a.json</Name><Properties><Content-Length>3</Content-Length></Properties></Blob>" +
      "<Blob><Name>.pulumi/b.json</Name><Properties /></Blob>",
  );
  expect(parseListPage(xml)).toEqual({ names: [".pulumi/a.json", ".pulumi/b.json"], nextMarker: "" });
});

test("the next page's marker, unescaped", () => {
  const xml = page("<Blob><Name>k</Name></Blob>", "<NextMarker>2!72!MDAwMDA&amp;x</NextMarker>");
  expect(parseListPage(xml).nextMarker).toBe("2!72!MDAwMDA&x");
});

test("escapes, character references, CDATA and percent-encoded names become the keys they stand for", () => {
  const xml = page(
    "<Blob><Name>a&amp;b&lt;c&gt;&quot;&apos;</Name></Blob>" +
      "<Blob><Name>caf&#233;&#x2F;x</Name></Blob>" +
      "<Blob><Name><![CDATA[raw <&> name]]></Name></Blob>" +
      '<Blob><Name Encoded="true">bell%07key</Name></Blob>',
  );
  expect(parseListPage(xml).names).toEqual(["a&b<c>\"'", "café/x", "raw <&> name", "bell\u0007key"]);
});

test("a Name inside a blob's metadata or elsewhere is not a key", () => {
  const xml = page(
    "<Blob><Name>real</Name><Metadata><Name>not a key</Name></Metadata></Blob>",
    "<Name>nor this</Name>",
  );
  expect(parseListPage(xml).names).toEqual(["real"]);
});

test("an answer that is not a list, or whose tags do not nest, is refused", () => {
  expect(() => parseListPage('<?xml version="1.0"?><Error><Code>X</Code></Error>')).toThrow(
    "the root element is <Error>, not <EnumerationResults>",
  );
  expect(() => parseListPage("")).toThrow("it holds no <EnumerationResults> element");
  expect(() => parseListPage("<EnumerationResults><Blobs></Blob></EnumerationResults>")).toThrow(
    "</Blob> closes no open <Blob>",
  );
  expect(() => parseListPage("<EnumerationResults><Blobs>")).toThrow("<Blobs> is not closed");
});
