// The screenshots' MEMORY.md past the 2 MB cap: the example's own text, then log lines.
import fs from 'node:fs';

/** Appends log lines to `file` until it is a few hundred bytes past the 2 MB cap; returns its text. */
export function growPastCap(file) {
  const lines = [fs.readFileSync(file, 'utf8')];
  let bytes = Buffer.byteLength(lines[0]);
  for (let day = 1; bytes < 2_097_152 + 300; day++) {
    const line = `- Shipment log, day ${day}: dock 2 took ${40 + (day % 17)} inbound trucks; no pallet counts disputed.\n`;
    lines.push(line);
    bytes += Buffer.byteLength(line);
  }
  const text = lines.join('');
  fs.writeFileSync(file, text);
  return text;
}
