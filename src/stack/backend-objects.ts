/**
 * A self-managed backend's objects as one run of a command reads them: the backend's URL
 * (PULUMI_BACKEND_URL, else `pulumi whoami`, a CLI process), its store, and the stacks its
 * stack files name, each found at most once and only when first asked for. A run that lists
 * project by project, or reads several broken stacks from their history, shares one.
 */
import { backendUrlOf } from "./backend-url";
import type { StackTarget } from "./pulumi-command";
import type { BackendStore } from "./store/backend-store";
import { STACKS_PREFIX, stacksOfKeys } from "./store/diy-layout";
import { openBackendStore } from "./store/open-store";

export interface BackendObjects {
  /** The store of the backend, or undefined when there is none (Pulumi Cloud, or the CLI cannot say). */
  store(): Promise<BackendStore | undefined>;
  /**
   * The stacks its stack files name, fully qualified and sorted; undefined without a store.
   * A listing that failed fails again without asking the store a second time.
   * @throws BackendStoreError when the store cannot be listed.
   */
  stacks(): Promise<string[] | undefined>;
}

/** The objects of the backend `target` reaches, found lazily and once. */
export function backendObjects(target: Omit<StackTarget, "stack">): BackendObjects {
  let store: Promise<BackendStore | undefined> | undefined;
  let stacks: Promise<string[] | undefined> | undefined;
  const storeOnce = () =>
    (store ??= backendUrlOf(target).then((url) => (url === undefined ? undefined : openBackendStore(url, target.env))));
  return {
    store: storeOnce,
    stacks: () =>
      (stacks ??= storeOnce().then(async (s) =>
        s === undefined ? undefined : stacksOfKeys(await s.list(STACKS_PREFIX)),
      )),
  };
}
