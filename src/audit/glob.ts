/**
 * `--stacks` globs on fully qualified stack names (`<org>/<project>/<stack>`): `*` and `?`
 * stay within one segment, `**` crosses them, and a pattern of fewer segments than three
 * is completed with `*`s on the left (`prod*` = `* /* /prod*`, `app/*` = `* /app/*`).
 */
function globToRegExp(glob: string): RegExp {
  const segments = glob.split("/").length;
  const full = glob.includes("**") || segments >= 3 ? glob : `${"*/".repeat(3 - segments)}${glob}`;
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
