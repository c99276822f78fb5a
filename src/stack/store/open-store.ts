/** The store of a backend URL, by its scheme, as `pulumi login` takes it. */
import type { BackendStore } from "./backend-store";
import { azblobStore } from "./azblob/azblob-store";
import { fileStore } from "./file-store";
import { gcsStore } from "./gcs/gcs-store";
import { postgresStore } from "./postgres/postgres-store";
import { s3Store } from "./s3/s3-store";

/**
 * The objects of the self-managed backend `url`, with credentials from `env` as the CLI
 * would take them; undefined for a backend this cannot read (Pulumi Cloud lists its stacks
 * without reading checkpoints, so it needs no store).
 */
export function openBackendStore(url: string, env: NodeJS.ProcessEnv): BackendStore | undefined {
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(url)?.[1]?.toLowerCase();
  switch (scheme) {
    case "file":
      return fileStore(url);
    case "azblob":
      return azblobStore(url, env);
    case "gs":
      return gcsStore(url, env);
    // The CLI takes `postgres://` only (it refuses `postgresql://`).
    case "postgres":
      return postgresStore(url, env);
    case "s3":
      return s3Store(url, env);
    default:
      return undefined;
  }
}
