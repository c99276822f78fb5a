/**
 * The keys and region the CLI's AWS SDK (v2) would use for an S3 backend, from its sources in
 * its order. A profile named in the URL (`profile=`) decides alone; else AWS_ACCESS_KEY_ID and
 * AWS_SECRET_ACCESS_KEY (with AWS_SESSION_TOKEN); else a web identity token
 * (AWS_WEB_IDENTITY_TOKEN_FILE, AWS_ROLE_ARN); else profile AWS_PROFILE (or `default`), whose
 * settings are read in the SDK's order: source_profile, static keys, credential_source,
 * web_identity_token_file, SSO, credential_process, then container credentials and instance
 * metadata; a role_arn is then assumed with the keys they give. Which source applies is
 * decided here, before any request; the keys are fetched on first use. SSO is not read: the
 * error says so.
 */
import { BackendStoreError } from "../backend-store";
import { cachedKeys, staticKeys, type KeySource } from "./aws-keys";
import { awsFiles, readProfile } from "./aws-shared-config";
import { webIdentityRole, type StsSettings } from "./aws-sts";
import { profileKeys, type ProfileChain } from "./aws-profile-keys";

export interface AwsAccess {
  /** Undefined: anonymous requests (`anonymous=true`). */
  keys?: KeySource;
  region?: string;
  /** AWS_ENDPOINT_URL_S3 or AWS_ENDPOINT_URL, which the SDK takes when the URL gives no endpoint. */
  endpoint?: string;
}

interface AccessWanted {
  where: string;
  /** `profile=` of the URL. */
  profile?: string;
  /** `region=` of the URL. */
  region?: string;
  /** `endpoint=` of the URL, where the SDK then sends STS's calls too. */
  endpoint?: string;
  anonymous: boolean;
}

/** @throws BackendStoreError when the credentials come from a source not read here, or their settings are wrong. */
export function awsAccess(env: NodeJS.ProcessEnv, wanted: AccessWanted): AwsAccess {
  const files = awsFiles(env);
  const profileName = wanted.profile ?? (env.AWS_PROFILE || "default");
  const profile = readProfile(files, profileName);
  if ((wanted.profile || env.AWS_PROFILE) && !profile) {
    throw new BackendStoreError(
      wanted.where,
      `AWS profile "${profileName}" is in neither ${files.config} nor ${files.credentials}`,
    );
  }
  const region = wanted.region || env.AWS_REGION || env.AWS_DEFAULT_REGION || profile?.region || undefined;
  const endpoint = env.AWS_ENDPOINT_URL_S3 || env.AWS_ENDPOINT_URL || undefined;
  if (wanted.anonymous) return { region, endpoint };

  const sts: StsSettings = { where: wanted.where, region, urlEndpoint: wanted.endpoint, env };
  const envKey = env.AWS_ACCESS_KEY_ID || env.AWS_ACCESS_KEY;
  const envSecret = env.AWS_SECRET_ACCESS_KEY || env.AWS_SECRET_KEY;
  let keys: KeySource;
  if (!wanted.profile && envKey && envSecret) {
    keys = staticKeys({
      accessKeyId: envKey,
      secretAccessKey: envSecret,
      sessionToken: env.AWS_SESSION_TOKEN || undefined,
    });
  } else if (!wanted.profile && env.AWS_WEB_IDENTITY_TOKEN_FILE) {
    if (!env.AWS_ROLE_ARN) {
      throw new BackendStoreError(
        wanted.where,
        "AWS_WEB_IDENTITY_TOKEN_FILE is set without AWS_ROLE_ARN, the role to assume",
      );
    }
    keys = webIdentityRole(sts, env.AWS_WEB_IDENTITY_TOKEN_FILE, env.AWS_ROLE_ARN, env.AWS_ROLE_SESSION_NAME);
  } else {
    const chain: ProfileChain = { where: wanted.where, files, env, sts, top: profile ?? {}, seen: new Set() };
    keys = profileKeys(chain, profileName, profile ?? {}, true);
  }
  return { keys: cachedKeys(keys), region, endpoint };
}
