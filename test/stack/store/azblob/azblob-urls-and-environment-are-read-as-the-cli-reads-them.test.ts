/**
 * An `azblob://` backend URL and its environment give the service URL, container, key
 * prefix and credential the CLI (gocloud.dev v0.46's azureblob opener) would use; what the
 * CLI would refuse, or what this store cannot do, is a BackendStoreError naming the
 * parameter or variable, without any secret.
 */
import { describe, expect, test } from "vitest";
import { BackendStoreError } from "../../../../src/stack/store/backend-store";
import { azblobSettings } from "../../../../src/stack/store/azblob/azblob-settings";

const KEY = Buffer.from("the account key, not a real one").toString("base64");
const SAS = "sv=2021-12-02&ss=b&srt=co&sp=rl&se=2099-01-01T00%3A00%3A00Z&sig=c2lnbmF0dXJl";
const keyEnv = { AZURE_STORAGE_ACCOUNT: "acct", AZURE_STORAGE_KEY: KEY };

function refusal(url: string, env: NodeJS.ProcessEnv): BackendStoreError {
  try {
    azblobSettings(url, env);
  } catch (err) {
    if (err instanceof BackendStoreError) return err;
    throw err;
  }
  throw new Error(`${url} was accepted`);
}

describe("the service URL", () => {
  test("is https://<account>.blob.core.windows.net/<container> by default, the account from AZURE_STORAGE_ACCOUNT", () => {
    const s = azblobSettings("azblob://state", keyEnv);
    expect(s.containerUrl.href).toBe("https://acct.blob.core.windows.net/state");
    expect(s.where).toBe("azblob://state");
    expect(s.prefix).toBe("");
  });

  test("puts the account in the path for an emulator (localemu) or a loopback domain", () => {
    expect(azblobSettings("azblob://c?domain=127.0.0.1:10000&protocol=http", keyEnv).containerUrl.href).toBe(
      "http://127.0.0.1:10000/acct/c",
    );
    expect(
      azblobSettings("azblob://c?domain=azurite:10000&protocol=http&localemu=true", keyEnv).containerUrl.href,
    ).toBe("http://azurite:10000/acct/c");
    const env = { ...keyEnv, AZURE_STORAGE_DOMAIN: "azurite:10000", AZURE_STORAGE_IS_LOCAL_EMULATOR: "1" };
    expect(azblobSettings("azblob://c?protocol=http", env).containerUrl.href).toBe("http://azurite:10000/acct/c");
  });

  test("drops the account for a CDN, takes a sovereign cloud's domain, and the URL's storage_account over the environment's", () => {
    expect(azblobSettings("azblob://c?domain=cdn.example.net&cdn=true", keyEnv).containerUrl.href).toBe(
      "https://cdn.example.net/c",
    );
    const env = { ...keyEnv, AZURE_STORAGE_DOMAIN: "blob.core.chinacloudapi.cn", AZURE_STORAGE_PROTOCOL: "http" };
    expect(azblobSettings("azblob://c?storage_account=other", env).containerUrl.href).toBe(
      "http://other.blob.core.chinacloudapi.cn/c",
    );
  });

  test("prefixes keys with the prefix parameter, then the URL's path and a slash", () => {
    expect(azblobSettings("azblob://c/teams/web", keyEnv)).toMatchObject({
      prefix: "teams/web/",
      where: "azblob://c/teams/web",
    });
    expect(azblobSettings("azblob://c/teams/web/?prefix=org/", keyEnv).prefix).toBe("org/teams/web/");
    expect(azblobSettings("azblob://c/a%20b", keyEnv).prefix).toBe("a b/");
  });
});

describe("the credential, in the CLI's order", () => {
  test("an account key with its account signs (Shared Key), even when a SAS token is set too", () => {
    const s = azblobSettings("azblob://c", { ...keyEnv, AZURE_STORAGE_SAS_TOKEN: SAS });
    expect(s.sharedKey).toEqual({ account: "acct", key: Buffer.from(KEY, "base64") });
    expect(s.credentialFrom).toBe("AZURE_STORAGE_KEY");
  });

  test("else a SAS token goes in the query of every request, a leading ? or not", () => {
    for (const token of [SAS, `?${SAS}`]) {
      const s = azblobSettings("azblob://c", { AZURE_STORAGE_ACCOUNT: "acct", AZURE_STORAGE_SAS_TOKEN: token });
      expect(s.sharedKey).toBeUndefined();
      expect(s.containerUrl.searchParams.get("sig")).toBe("c2lnbmF0dXJl");
      expect(s.containerUrl.pathname).toBe("/c");
      expect(s.service).toBe("https://acct.blob.core.windows.net");
    }
  });

  test("else a connection string: its blob endpoint and key, its account standing in for AZURE_STORAGE_ACCOUNT", () => {
    const conn = `DefaultEndpointsProtocol=http;AccountName=dev;AccountKey=${KEY};BlobEndpoint=http://127.0.0.1:9/dev;`;
    const s = azblobSettings("azblob://c/x", { AZURE_STORAGE_CONNECTION_STRING: conn });
    expect(s.containerUrl.href).toBe("http://127.0.0.1:9/dev/c");
    expect(s.sharedKey?.account).toBe("dev");
    expect(s.credentialFrom).toBe("AZURE_STORAGE_CONNECTION_STRING");
    const built = azblobSettings("azblob://c", {
      AZURE_STORAGEBLOB_CONNECTIONSTRING: `AccountName=dev;AccountKey=${KEY};EndpointSuffix=core.usgovcloudapi.net`,
    });
    expect(built.containerUrl.href).toBe("https://dev.blob.core.usgovcloudapi.net/c");
    const sas = azblobSettings("azblob://c", {
      AZURE_STORAGE_CONNECTION_STRING: `AccountName=dev;BlobEndpoint=https://dev.example.net/;SharedAccessSignature=${SAS}`,
    });
    expect(sas.sharedKey).toBeUndefined();
    expect(sas.containerUrl.origin + sas.containerUrl.pathname).toBe("https://dev.example.net/c");
    expect(sas.containerUrl.searchParams.get("sig")).toBe("c2lnbmF0dXJl");
  });

  test("else an Azure AD credential in DefaultAzureCredential's order: secret, federated token, managed identity", () => {
    const from = (env: NodeJS.ProcessEnv) => azblobSettings("azblob://c?storage_account=acct", env).credentialFrom;
    const app = { AZURE_TENANT_ID: "tenant-1", AZURE_CLIENT_ID: "app-1" };
    expect(from({ ...app, AZURE_CLIENT_SECRET: "s", AZURE_FEDERATED_TOKEN_FILE: "/t" })).toBe(
      "AZURE_CLIENT_SECRET (with AZURE_TENANT_ID and AZURE_CLIENT_ID)",
    );
    expect(
      from({ ...app, AZURE_FEDERATED_TOKEN_FILE: "/t", IDENTITY_ENDPOINT: "http://x", IDENTITY_HEADER: "h" }),
    ).toBe("AZURE_FEDERATED_TOKEN_FILE (/t)");
    expect(from({ AZURE_CLIENT_ID: "app-1", IDENTITY_ENDPOINT: "http://127.0.0.1:1/msi", IDENTITY_HEADER: "h" })).toBe(
      "App Service's managed identity (IDENTITY_ENDPOINT)",
    );
    expect(from({})).toBe("the managed identity at IMDS (169.254.169.254)");
    const settings = azblobSettings("azblob://c?storage_account=acct", { ...app, AZURE_CLIENT_SECRET: "s" });
    expect(settings.sharedKey).toBeUndefined();
    expect(settings.containerUrl.search).toBe("");
  });

  test("AZURE_TOKEN_CREDENTIALS narrows the chain as the SDK does, and a value it does not take is named", () => {
    const app = { AZURE_STORAGE_ACCOUNT: "acct", AZURE_TENANT_ID: "tenant-1", AZURE_CLIENT_ID: "app-1" };
    const both = { ...app, AZURE_CLIENT_SECRET: "s", AZURE_FEDERATED_TOKEN_FILE: "/t" };
    const from = (env: NodeJS.ProcessEnv) => azblobSettings("azblob://c", env).credentialFrom;
    expect(from({ ...both, AZURE_TOKEN_CREDENTIALS: "workloadidentitycredential" })).toBe(
      "AZURE_FEDERATED_TOKEN_FILE (/t)",
    );
    expect(from({ ...both, AZURE_TOKEN_CREDENTIALS: "prod" })).toMatch(/^AZURE_CLIENT_SECRET/);
    expect(refusal("azblob://c", { ...app, AZURE_TOKEN_CREDENTIALS: "EnvironmentCredential" }).reason).toBe(
      "AZURE_TOKEN_CREDENTIALS=EnvironmentCredential needs AZURE_TENANT_ID, AZURE_CLIENT_ID and AZURE_CLIENT_SECRET",
    );
    expect(refusal("azblob://c", { ...both, AZURE_TOKEN_CREDENTIALS: "dev" }).reason).toMatch(
      /^the CLI would sign in to Azure AD with AZURE_TOKEN_CREDENTIALS=dev \(developer tools' sign-ins\), which pulumi-uptime does not read/,
    );
    expect(refusal("azblob://c", { ...both, AZURE_TOKEN_CREDENTIALS: "Prod" }).reason).toMatch(
      /^AZURE_TOKEN_CREDENTIALS is "Prod": the CLI's Azure SDK takes "prod", "dev" or one credential's name/,
    );
  });

  test("Azure AD kinds this does not read are refused by name, as is a token over http", () => {
    const app = { AZURE_STORAGE_ACCOUNT: "acct", AZURE_TENANT_ID: "tenant-1", AZURE_CLIENT_ID: "app-1" };
    const certificate = refusal("azblob://c", { ...app, AZURE_CLIENT_CERTIFICATE_PATH: "/cert.pem" });
    expect(certificate.reason).toMatch(
      /^the CLI would sign in to Azure AD with a client certificate \(AZURE_CLIENT_CERTIFICATE_PATH\), which pulumi-uptime does not read: use AZURE_CLIENT_SECRET/,
    );
    const password = refusal("azblob://c", { ...app, AZURE_USERNAME: "u", AZURE_PASSWORD: "hunter2" });
    expect(password.reason).toMatch(/a user name and password \(AZURE_USERNAME\)/);
    expect(password.reason).not.toContain("hunter2");
    expect(refusal("azblob://c", { AZURE_STORAGE_ACCOUNT: "acct", MSI_ENDPOINT: "http://x" }).reason).toMatch(
      /the managed identity of Cloud Shell \(MSI_ENDPOINT\), which pulumi-uptime does not read/,
    );
    const fabric = { IDENTITY_ENDPOINT: "https://x", IDENTITY_HEADER: "h", IDENTITY_SERVER_THUMBPRINT: "ab" };
    expect(refusal("azblob://c", { AZURE_STORAGE_ACCOUNT: "acct", ...fabric }).reason).toMatch(/Service Fabric/);
    expect(refusal("azblob://c?protocol=http", { ...app, AZURE_CLIENT_SECRET: "s" }).reason).toMatch(
      /^an Azure AD token \(from AZURE_CLIENT_SECRET .*\) is sent only over https/,
    );
    expect(
      refusal("azblob://c", { ...app, AZURE_CLIENT_SECRET: "s", AZURE_AUTHORITY_HOST: "http://login.local/" }).reason,
    ).toBe("AZURE_AUTHORITY_HOST must be an https:// URL (the CLI's Azure SDK refuses others)");
    expect(refusal("azblob://c", { ...app, AZURE_TENANT_ID: "a/b", AZURE_CLIENT_SECRET: "s" }).reason).toMatch(
      /^AZURE_TENANT_ID is not a tenant id/,
    );
  });
});

describe("refused before any request", () => {
  test.each([
    [
      "azblob://c?endpoint=http://x",
      /query parameter "endpoint" is not one the azblob backend takes \(domain, protocol, cdn, localemu, storage_account, prefix\)/,
    ],
    ["azblob://c?service_url=http://x", /"service_url" is not one/],
    ["azblob://c?localemu=yes", /localemu=yes is not a boolean/],
    ["azblob://c?cdn=2", /cdn=2 is not a boolean/],
    ["azblob://c?protocol=ftp", /protocol "ftp" is neither http nor https/],
    ["azblob://c?domain=a&domain=b", /"domain" is given more than once/],
    ["azblob://c?key=one.json", /"key" parameter makes a one-object bucket/],
    ["azblob:///path", /names no container/],
    ["azblob://c/a%zz", /path holds a malformed %-escape/],
  ])("%s", (url, reason) => {
    expect(refusal(url, keyEnv).reason).toMatch(reason);
  });

  test("no account anywhere", () => {
    expect(refusal("azblob://c", { AZURE_STORAGE_SAS_TOKEN: SAS }).reason).toMatch(
      /no storage account: set AZURE_STORAGE_ACCOUNT/,
    );
  });

  test("a key that is not base64, or a connection string that does not read, named without its value", () => {
    const key = refusal("azblob://c", { AZURE_STORAGE_ACCOUNT: "a", AZURE_STORAGE_KEY: "not base64!" });
    expect(key.reason).toBe("the account key in AZURE_STORAGE_KEY is not base64");
    const conn = `AccountName=a;AccountKey=${KEY};Garbage`;
    const bad = refusal("azblob://c", { AZURE_STORAGE_CONNECTION_STRING: conn });
    expect(bad.reason).toMatch(/^AZURE_STORAGE_CONNECTION_STRING cannot be read: it is not a list of Name=value pairs/);
    const noCredential = refusal("azblob://c", { AZURE_STORAGE_CONNECTION_STRING: "AccountName=a" });
    expect(noCredential.reason).toMatch(/neither AccountName with AccountKey nor SharedAccessSignature/);
    for (const e of [key, bad, noCredential]) expect(e.message).not.toContain(KEY);
  });

  test("where is the container and path, never the query or a credential", () => {
    const s = azblobSettings(`azblob://c/p?domain=127.0.0.1:1&protocol=http`, {
      AZURE_STORAGE_ACCOUNT: "a",
      AZURE_STORAGE_SAS_TOKEN: SAS,
    });
    expect(s.where).toBe("azblob://c/p");
    expect(s.service).toBe("http://127.0.0.1:1/a");
  });
});
