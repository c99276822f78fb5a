/**
 * The tests' Python virtual environments, made the way the release makes its own
 * (scripts/lib/python-venv.js: under .tools, reused while their stamp is unchanged).
 */
/** What a venv is made from: pip's requirements file, run from `cwd` (relative paths in it resolve there). */
export interface VenvSpec {
  /** Where the venv lives (under .tools). */
  dir: string;
  requirements: string;
  /** The directory pip runs in; default the requirements file's. */
  cwd?: string;
  /** Files whose content is part of the stamp (e.g. a wheel the requirements name). */
  inputs?: string[];
}

// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS script without types
const venvs = require("../../scripts/lib/python-venv.js") as { ensureVenv(spec: VenvSpec): Promise<string> };

/** Makes the venv unless its stamp matches; resolves to its `bin` directory. */
export const ensureVenv = (spec: VenvSpec): Promise<string> => venvs.ensureVenv(spec);
