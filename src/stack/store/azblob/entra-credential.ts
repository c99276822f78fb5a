/**
 * The Microsoft Entra ID credential the CLI would use for an azblob:// backend when the
 * environment holds no storage key, SAS token or connection string: the chain of
 * azidentity's DefaultAzureCredential, in its order. (1) The environment: AZURE_TENANT_ID and
 * AZURE_CLIENT_ID with AZURE_CLIENT_SECRET. (2) Workload identity: AZURE_CLIENT_ID,
 * AZURE_TENANT_ID and AZURE_FEDERATED_TOKEN_FILE, the file's token sent as the client
 * assertion. (3) Managed identity: App Service's IDENTITY_ENDPOINT and IDENTITY_HEADER, else
 * IMDS (169.254.169.254), asked for AZURE_CLIENT_ID's identity when it is set. The token
 * endpoint is AZURE_AUTHORITY_HOST (https only, as the SDK insists), else Azure's public cloud.
 * Certificates, user names and passwords, other managed identity hosts (Service Fabric,
 * Cloud Shell, Azure ML, Azure Arc) and the az and azd CLIs' sign-ins are not read: choosing
 * one of them is an error saying so, before any request.
 */
import { existsSync, readFileSync } from "node:fs";
import { BackendStoreError } from "../backend-store";
import {
  clientCredentialsToken,
  EntraTokenError,
  managedIdentityToken,
  type ClientProof,
  type EntraToken,
  type ManagedIdentityEndpoint,
} from "./entra-token";

/** Where a token comes from (variable names only, for messages) and how to get a current one. */
export interface EntraCredential {
  from: string;
  token(): Promise<string>;
}

/** Test seams: where IMDS is (its address is fixed in the SDK) and how long its first answer may take. */
export interface EntraOptions {
  imdsEndpoint?: string;
}

const PUBLIC_CLOUD = "https://login.microsoftonline.com/";
const IMDS = "http://169.254.169.254/metadata/identity/oauth2/token";
/** Azure Arc's agent on Linux: its presence makes MSAL pick Arc over IMDS. */
const ARC_AGENT = "/opt/azcmagent/bin/himds";

/** The tenant ids azidentity accepts. */
const TENANT = /^[0-9a-zA-Z-.]+$/;

/** The credential `env` makes the CLI use; a BackendStoreError at `where` for one not read. */
export function entraCredential(where: string, env: NodeJS.ProcessEnv, options: EntraOptions = {}): EntraCredential {
  const fail = (reason: string) => new BackendStoreError(where, reason);
  const tenant = env.AZURE_TENANT_ID;
  const clientId = env.AZURE_CLIENT_ID;
  if (tenant && clientId) {
    if (env.AZURE_CLIENT_SECRET) {
      const proof = { secret: env.AZURE_CLIENT_SECRET };
      return grant(where, env, "AZURE_CLIENT_SECRET (with AZURE_TENANT_ID and AZURE_CLIENT_ID)", clientId, () => proof);
    }
    if (env.AZURE_CLIENT_CERTIFICATE_PATH) throw fail(notRead("a client certificate (AZURE_CLIENT_CERTIFICATE_PATH)"));
    if (env.AZURE_USERNAME && env.AZURE_PASSWORD) throw fail(notRead("a user name and password (AZURE_USERNAME)"));
  }
  if (clientId !== undefined && tenant !== undefined && env.AZURE_FEDERATED_TOKEN_FILE !== undefined) {
    const file = env.AZURE_FEDERATED_TOKEN_FILE;
    const assertion = (): ClientProof => {
      try {
        // Sent as it is: the SDK does not trim it.
        return { assertion: readFileSync(file, "utf8") };
      } catch (err) {
        throw new EntraTokenError(`cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? "unreadable"}`);
      }
    };
    return grant(where, env, `AZURE_FEDERATED_TOKEN_FILE (${file})`, clientId, assertion);
  }
  return managedIdentity(where, env, options);
}

function notRead(kind: string): string {
  return (
    `the CLI would sign in to Azure AD with ${kind}, which pulumi-uptime does not read: use AZURE_CLIENT_SECRET, ` +
    "AZURE_FEDERATED_TOKEN_FILE, the managed identity of IMDS or App Service, or AZURE_STORAGE_KEY, " +
    "AZURE_STORAGE_SAS_TOKEN or AZURE_STORAGE_CONNECTION_STRING"
  );
}

/** A client credentials grant, checked before any request: the tenant and the authority. */
function grant(
  where: string,
  env: NodeJS.ProcessEnv,
  from: string,
  clientId: string,
  proof: () => ClientProof,
): EntraCredential {
  const tenant = env.AZURE_TENANT_ID ?? "";
  if (!TENANT.test(tenant)) {
    throw new BackendStoreError(where, "AZURE_TENANT_ID is not a tenant id (letters, digits, '-' and '.')");
  }
  if (!clientId) throw new BackendStoreError(where, "AZURE_CLIENT_ID is empty");
  const authority = env.AZURE_AUTHORITY_HOST || PUBLIC_CLOUD;
  if (!URL.canParse(authority) || new URL(authority).protocol !== "https:") {
    throw new BackendStoreError(
      where,
      "AZURE_AUTHORITY_HOST must be an https:// URL (the CLI's Azure SDK refuses others)",
    );
  }
  return cached(where, from, () => clientCredentialsToken(authority, tenant, clientId, proof(), env));
}

/** The managed identity the SDK would ask, from the variables its hosts set. */
function managedIdentity(where: string, env: NodeJS.ProcessEnv, options: EntraOptions): EntraCredential {
  const fail = (host: string) => new BackendStoreError(where, notRead(`the managed identity of ${host}`));
  const clientId = env.AZURE_CLIENT_ID || undefined;
  if (env.IDENTITY_ENDPOINT && env.IDENTITY_HEADER) {
    if (env.IDENTITY_SERVER_THUMBPRINT) throw fail("Service Fabric (IDENTITY_SERVER_THUMBPRINT)");
    if (!URL.canParse(env.IDENTITY_ENDPOINT)) throw new BackendStoreError(where, "IDENTITY_ENDPOINT is not a URL");
    const endpoint: ManagedIdentityEndpoint = {
      url: env.IDENTITY_ENDPOINT,
      kind: "app-service",
      secretHeader: env.IDENTITY_HEADER,
      clientId,
    };
    return cached(where, "App Service's managed identity (IDENTITY_ENDPOINT)", () =>
      managedIdentityToken(endpoint, env),
    );
  }
  if (env.MSI_ENDPOINT) throw fail(env.MSI_SECRET ? "Azure ML (MSI_ENDPOINT)" : "Cloud Shell (MSI_ENDPOINT)");
  if ((env.IDENTITY_ENDPOINT && env.IMDS_ENDPOINT) || existsSync(ARC_AGENT)) throw fail("Azure Arc");
  const url = options.imdsEndpoint ?? IMDS;
  const host = new URL(url).host;
  // DefaultAzureCredential gives IMDS a second to answer at first: off Azure, nothing does.
  let answered = false;
  const credential = cached(where, `the managed identity at IMDS (${host})`, async () => {
    const endpoint: ManagedIdentityEndpoint = { url, kind: "imds", clientId, timeoutMs: answered ? undefined : 1_000 };
    const token = await managedIdentityToken(endpoint, env).catch((err: unknown) => {
      if (!answered && err instanceof EntraTokenError && /^could not reach/.test(err.message)) {
        throw new EntraTokenError(`${err.message}; ${NOTHING_ELSE}`);
      }
      throw err;
    });
    answered = true;
    return token;
  });
  return credential;
}

const NOTHING_ELSE =
  "no other Azure credentials were found (the az and azd CLIs' sign-ins are not read): set AZURE_STORAGE_KEY, " +
  "AZURE_STORAGE_SAS_TOKEN or AZURE_STORAGE_CONNECTION_STRING, or AZURE_TENANT_ID, AZURE_CLIENT_ID and " +
  "AZURE_CLIENT_SECRET or AZURE_FEDERATED_TOKEN_FILE";

/** Asks once, then again only when the token nears its end; refusals become BackendStoreErrors. */
function cached(where: string, from: string, ask: () => Promise<EntraToken>): EntraCredential {
  let current: Promise<EntraToken> | undefined;
  return {
    from,
    async token() {
      const held = current && (await current.catch(() => undefined));
      if (held && held.expiresAt > Date.now()) return held.token;
      current = ask();
      try {
        return (await current).token;
      } catch (err) {
        if (!(err instanceof EntraTokenError)) throw err;
        throw new BackendStoreError(where, `cannot get an Azure AD token from ${from}: ${err.message}`);
      }
    },
  };
}
