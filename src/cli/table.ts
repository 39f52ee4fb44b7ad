// The CLI's text tables: names left-aligned, numbers right-aligned, the last column free-standing.

export function table(rows: string[][]): string[] {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  return rows.map((row) =>
    row
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : column === row.length - 1 ? cell : cell.padStart(widths[column])))
      .join('  ')
      .trimEnd(),
  );
}
