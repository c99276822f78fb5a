/** The parts of S3's XML answers the store reads: a ListObjectsV2 page and an error. */

/** One page of ListObjectsV2: its keys, and the token of the next page when truncated. */
interface ListPage {
  keys: string[];
  next?: string;
  truncated: boolean;
}

export function listPage(xml: string): ListPage {
  const keys = [...xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)].flatMap((m) => {
    const key = element(m[1], "Key");
    return key === undefined ? [] : [key];
  });
  return { keys, next: element(xml, "NextContinuationToken"), truncated: element(xml, "IsTruncated") === "true" };
}

/** An error answer's `<Code>`, `<Message>` and `<Region>` (any may be missing). */
export function s3Error(xml: string): { code?: string; message?: string; region?: string } {
  return { code: element(xml, "Code"), message: element(xml, "Message"), region: element(xml, "Region") };
}

export function element(xml: string, name: string): string | undefined {
  const m = new RegExp(`<${name}>([\\s\\S]*?)</${name}>`).exec(xml);
  return m ? unescapeXml(m[1]) : undefined;
}

function unescapeXml(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|amp|lt|gt|quot|apos);/g, (_, e: string) => {
    if (e[0] === "#") return String.fromCodePoint(e[1] === "x" ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10));
    return { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" }[e]!;
  });
}
