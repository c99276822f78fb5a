/**
 * An Azure Storage connection string (`AccountName=…;AccountKey=…;BlobEndpoint=…`) read as
 * the Azure SDK for Go reads it: the blob endpoint given, else built from the protocol,
 * account and endpoint suffix; an account key when both the name and key are there, else a
 * shared access signature.
 */

/** What a connection string says about reaching the blob service. */
interface ConnectionString {
  /** The blob service's URL, ending in `/`, without a query. */
  serviceUrl: string;
  /** Shared Key signing, when the string holds an account name and key. */
  sharedKey?: { account: string; key: string };
  /** The shared access signature (a query string without `?`), when it holds one and no key. */
  sas?: string;
}

/**
 * Parses `text`; throws an Error saying what is missing (never quoting the text: it holds
 * the key).
 */
export function parseConnectionString(text: string): ConnectionString {
  const fields = new Map<string, string>();
  for (const part of text.replace(/;+$/, "").split(";")) {
    const cut = part.indexOf("=");
    if (cut < 0) {
      throw new Error("it is not a list of Name=value pairs separated by semicolons");
    }
    fields.set(part.slice(0, cut), part.slice(cut + 1));
  }
  const account = fields.get("AccountName");
  const endpoint = fields.get("BlobEndpoint");
  let serviceUrl: string;
  if (endpoint !== undefined) serviceUrl = endpoint;
  else if (account !== undefined) {
    const protocol = fields.get("DefaultEndpointsProtocol") ?? "https";
    serviceUrl = `${protocol}://${account}.blob.${fields.get("EndpointSuffix") ?? "core.windows.net"}/`;
  } else throw new Error("it names neither AccountName nor BlobEndpoint");
  if (!serviceUrl.endsWith("/")) serviceUrl += "/";
  const key = fields.get("AccountKey");
  if (account !== undefined && key !== undefined) return { serviceUrl, sharedKey: { account, key } };
  const sas = fields.get("SharedAccessSignature");
  if (sas !== undefined) return { serviceUrl, sas };
  throw new Error("it holds neither AccountName with AccountKey nor SharedAccessSignature");
}
