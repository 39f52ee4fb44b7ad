// Human-readable sizes, shared by the CLI, the tree, the status bar and the preview.

const units = ['B', 'KB', 'MB', 'GB'];

/** 1536 -> "1.5 KB"; binary units, as the 2 MB cap is 2 × 1024 × 1024 bytes. */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  if (unit === 0) return `${bytes} B`;
  return `${value >= 100 ? value.toFixed(0) : value.toFixed(1)} ${units[unit]}`;
}

/** 0.0071 -> "0.7 %"; keeps a tiny non-zero share from reading as zero. */
export function formatPercent(fraction: number): string {
  const percent = fraction * 100;
  if (percent > 0 && percent < 0.1) return '<0.1 %';
  if (Number.isInteger(percent)) return `${percent} %`;
  const shown = percent.toFixed(1);
  // Just over or just under the cap must not read as exactly 100 %.
  if (shown === '100.0') return percent > 100 ? '>100 %' : '<100 %';
  return `${shown} %`;
}

/** 2097152 -> "2,097,152". */
export function formatCount(count: number): string {
  // Past what can be counted exactly (a cap of 1e308 is valid), two digits and the power, not 309 digits.
  if (Math.abs(count) > Number.MAX_SAFE_INTEGER && Number.isFinite(count)) return count.toExponential(1).replace('e+', 'e');
  return count.toLocaleString('en-US');
}
