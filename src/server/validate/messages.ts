/**
 * Validation messages worded as Laravel 9's English `validation.php`, so clients meet the
 * same text as from the real service. The attribute is the field name with underscores
 * shown as spaces (`request_headers.0.key` reads "request headers.0.key").
 */

/** The human name of a field, as Laravel prints it. */
function attribute(field: string): string {
  return field.replace(/_/g, " ");
}

/** Message builders keyed by rule. */
export const messages = {
  required: (f: string) => `The ${attribute(f)} field is required.`,
  requiredWith: (f: string, other: string) =>
    `The ${attribute(f)} field is required when ${attribute(other)} is present.`,
  requiredIf: (f: string, other: string, value: string) =>
    `The ${attribute(f)} field is required when ${attribute(other)} is ${value}.`,
  string: (f: string) => `The ${attribute(f)} must be a string.`,
  integer: (f: string) => `The ${attribute(f)} must be an integer.`,
  array: (f: string) => `The ${attribute(f)} must be an array.`,
  boolean: (f: string) => `The ${attribute(f)} field must be true or false.`,
  in: (f: string) => `The selected ${attribute(f)} is invalid.`,
  maxString: (f: string, max: number) => `The ${attribute(f)} must not be greater than ${max} characters.`,
  maxArray: (f: string, max: number) => `The ${attribute(f)} must not have more than ${max} items.`,
  url: (f: string) => `The ${attribute(f)} must be a valid URL.`,
  email: (f: string) => `The ${attribute(f)} must be a valid email address.`,
  format: (f: string) => `The ${attribute(f)} format is invalid.`,
  dateFormat: (f: string) => `The ${attribute(f)} does not match the format Y-m-dTH:i:s.`,
  before: (f: string, other: string) => `The ${attribute(f)} must be a date before ${other}.`,
  after: (f: string, other: string) => `The ${attribute(f)} must be a date after ${other}.`,
  notFuture: (f: string) => `The ${attribute(f)} must be a date before or equal to now.`,
  unique: (f: string) => `The ${attribute(f)} has already been taken.`,
  prohibited: (f: string) => `The ${attribute(f)} field is prohibited.`,
  // The exact name, so a misspelt field is easy to spot; an empty one (`=x`, `{"": 1}`,
  // `alerts.0.` for `{"alerts": [{"": 1}]}`) said in words.
  notAllowed: (f: string) =>
    f === ""
      ? "A field without a name is not allowed."
      : f.endsWith(".")
        ? `A field without a name in ${f.slice(0, -1)} is not allowed.`
        : `The ${f} field is not allowed.`,
  ongoingIncident: () => "The monitor already has an ongoing incident.",
} as const;
