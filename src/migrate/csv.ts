/** RFC 4180 CSV: quoted fields (with "" inside, commas and line breaks), CRLF or LF, and the line each record starts on. */
import { MigrateInputError } from "./source";

/** One record and the line it starts on (from 1). */
interface CsvRecord {
  line: number;
  fields: string[];
}

/** The records of `text` (a leading BOM dropped; blank lines skipped). */
export function parseCsv(text: string, file: string): CsvRecord[] {
  const s = text.replace(/^\uFEFF/, "");
  const out: CsvRecord[] = [];
  let fields: string[] = [];
  let field = "";
  let line = 1;
  let start = 1;
  let quoted = false;
  let quoteLine = 0;
  const endRecord = () => {
    fields.push(field);
    if (!(fields.length === 1 && fields[0] === "")) out.push({ line: start, fields });
    fields = [];
    field = "";
  };
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (quoted) {
      if (c === '"' && s[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else {
        if (c === "\n") line++;
        field += c;
      }
    } else if (c === '"' && field === "") {
      quoted = true;
      quoteLine = line;
    } else if (c === ",") {
      fields.push(field);
      field = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && s[i + 1] === "\n") i++;
      endRecord();
      line++;
      start = line;
    } else field += c;
  }
  if (quoted) throw new MigrateInputError(file, `line ${quoteLine}`, "a quoted field is not closed (truncated file?)");
  if (field !== "" || fields.length) endRecord();
  return out;
}
