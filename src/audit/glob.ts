/**
 * `--stacks` globs on fully qualified stack names (`<org>/<project>/<stack>`): `*` and `?`
 * stay within one segment, `**` crosses them, and a pattern of fewer segments than three
 * is completed with `*`s on the left (`prod*` = `* /* /prod*`, `app/*` = `* /app/*`).
 */
function globToRegExp(glob: string): RegExp {
  const full = completed(glob);
  let re = "";
  for (let i = 0; i < full.length; i++) {
    const c = full[i];
    if (c === "*" && full[i + 1] === "*") {
      re += ".*";
      i++;
    } else if (c === "*") re += "[^/]*";
    else if (c === "?") re += "[^/]";
    else re += c.replace(/[.+^${}()|[\]\\]/g, "\\$&");
  }
  return new RegExp(`^${re}$`);
}

/** `glob` completed to three segments on the left (a `**` glob as written). */
function completed(glob: string): string {
  const segments = glob.split("/").length;
  return glob.includes("**") || segments >= 3 ? glob : `${"*/".repeat(3 - segments)}${glob}`;
}

const literal = (segment: string | undefined) => !!segment && !/[*?]/.test(segment);

/** The one project `glob` can match (`app/*` → `app`), or undefined when its project segment is a pattern. */
export function literalProject(glob: string): string | undefined {
  const parts = completed(glob).split("/");
  return parts.length === 3 && literal(parts[1]) ? parts[1] : undefined;
}

/**
 * The one stack `glob` names, fully qualified, or undefined when it is a pattern or names no
 * project. `project/stack` takes the organization a self-managed backend gives every stack.
 */
export function literalStack(glob: string): string | undefined {
  const parts = glob.split("/");
  if (parts.length === 2 && parts.every(literal)) return `organization/${glob}`;
  return parts.length === 3 && parts.every(literal) ? glob : undefined;
}

/** The stacks matching any of `globs` (all when none), and the globs that matched nothing. */
export function selectStacks(
  all: readonly string[],
  globs: readonly string[],
): { selected: string[]; unmatched: string[] } {
  if (globs.length === 0) return { selected: [...all], unmatched: [] };
  const res = globs.map((g) => ({ g, re: globToRegExp(g) }));
  const selected = all.filter((s) => res.some(({ re }) => re.test(s)));
  const unmatched = res.filter(({ re }) => !all.some((s) => re.test(s))).map(({ g }) => g);
  return { selected, unmatched };
}
