/** Writes whose answer the local server drops after storing them: the caller cannot tell they landed. */
import type { FaultOptions } from "../../src/server/types";

/** Runs `action` while the server stores the next POST and then drops the connection instead of answering. */
export async function withNextPostAnswerLost<T>(
  server: { setFaults(f: FaultOptions | undefined): void },
  action: () => Promise<T>,
): Promise<T> {
  server.setFaults({ rate: 1, kinds: ["drop-after"], methods: ["POST"], limit: 1 });
  try {
    return await action();
  } finally {
    server.setFaults(undefined);
  }
}
