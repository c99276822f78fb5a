/**
 * A generated block inside a hand-written page: the text between a start and an end marker
 * (HTML comments, so the rendered page shows only the block) is replaced by the generator's.
 */

/** The two marker lines around a generated block. */
export interface BlockMarkers {
  start: string;
  end: string;
}

/** `text` with the block between `markers` replaced by `block` (markers kept); `where` names the page in errors. */
export function withBlock(text: string, markers: BlockMarkers, block: string, where: string): string {
  const start = text.indexOf(markers.start);
  const end = text.indexOf(markers.end);
  if (start < 0 || end < start) throw new Error(`${where} has no ${markers.start} … ${markers.end} markers`);
  return `${text.slice(0, start)}${markers.start}\n${block}\n${text.slice(end)}`;
}
