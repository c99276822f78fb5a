/**
 * A self-managed backend read as the objects it holds, beside the CLI: the CLI lists stacks
 * only by reading every checkpoint (one it cannot read fails the whole list) and has no
 * command for the copies it keeps of earlier checkpoints. Keys are relative to the backend's
 * root (the URL's path inside a bucket), `/`-separated, as the CLI writes them.
 */

/** The objects of one backend. */
export interface BackendStore {
  /** The backend, for messages: no credentials, no query. */
  readonly where: string;
  /** Every key that starts with `prefix`, at any depth, in no particular order. */
  list(prefix: string): Promise<string[]>;
  /** The object's bytes, or undefined when there is none. */
  read(key: string): Promise<Buffer | undefined>;
}

/** The store could not be read (unreachable, refused, not understood): `reason` says how. */
export class BackendStoreError extends Error {
  constructor(
    readonly where: string,
    readonly reason: string,
  ) {
    super(`cannot read ${where}: ${reason}`);
    this.name = "BackendStoreError";
  }
}
