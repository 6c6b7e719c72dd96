// The rows of a pasted or uploaded watch list (docs/product.md, "Watching names in bulk"):
// plain text, one name a line, or CSV with `,`, `;` or tab, quoted fields, a byte order
// mark and any line ends. Pure: the browser and the server read a list the same way.

/** A row of the list: where it starts (1-based line), its text as written, and the cell that holds the name. */
export type ImportRow = { line: number; text: string; cell: string };

export type ImportRows = { format: "text" | "csv"; rows: ImportRow[]; header: { line: number; column: string } | null };

const SEPARATORS = ["\t", ";", ","] as const;

/**
 * Header cells that name the name column, best first: a CSV's header row is the first row
 * when one of its cells is one of these (any case); the name is read from that column.
 */
const NAME_HEADERS = [/^(domän|domäner|domännamn|domain|domains|domain[ _-]?name)$/, /^(namn|name|adress|address)$/];

/**
 * Splits the input into rows. A list is CSV when its first non-empty line holds a
 * separator (a name never does) or is a header alone ("Domän"); the separator is the
 * one that line holds most of (tab, then `;`, then `,` on a tie). Without a header the
 * name is the first column. Empty lines at the very end are dropped, not reported.
 */
export function readImportRows(input: string): ImportRows {
  const text = input.startsWith("\uFEFF") ? input.slice(1) : input;
  const firstLine = text.split(/\r\n|\n|\r/).find((line) => line.trim() !== "") ?? "";
  const separator = pickSeparator(firstLine);
  const headerAlone = nameColumnOf([firstLine.trim().replace(/^"(.*)"$/, "$1")]) !== null;
  const records = separator ? splitCsv(text, separator) : splitLines(text);
  while (records.length > 0 && records[records.length - 1].text.trim() === "") records.pop();
  if (!separator && !headerAlone) return { format: "text", rows: records.map((record) => ({ ...record, cell: record.text })), header: null };

  const first = records.findIndex((record) => record.text.trim() !== "");
  const headerCells = first === -1 ? null : records[first].cells;
  const column = headerCells ? nameColumnOf(headerCells) : null;
  const rows = records.flatMap((record, index) => {
    if (column !== null && index === first) return [];
    return [{ line: record.line, text: record.text, cell: record.cells[column ?? 0] ?? "" }];
  });
  const header = column !== null && headerCells ? { line: records[first].line, column: headerCells[column].trim() } : null;
  return { format: "csv", rows, header };
}

type CsvRecord = { line: number; text: string; cells: string[] };

function pickSeparator(line: string): string | null {
  const unquoted = line.replace(/"[^"]*"/g, "");
  let best: string | null = null;
  let most = 0;
  for (const separator of SEPARATORS) {
    const found = unquoted.split(separator).length - 1;
    if (found > most) {
      best = separator;
      most = found;
    }
  }
  return best;
}

function nameColumnOf(cells: string[]): number | null {
  const names = cells.map((cell) => cell.trim().toLowerCase());
  for (const pattern of NAME_HEADERS) {
    const index = names.findIndex((name) => pattern.test(name));
    if (index !== -1) return index;
  }
  return null;
}

function splitLines(text: string): CsvRecord[] {
  return text.split(/\r\n|\n|\r/).map((line, index) => ({ line: index + 1, text: line, cells: [line] }));
}

/**
 * RFC 4180 with the usual leniencies: a quote opens a quoted field only at the field's
 * start, `""` inside one is a quote, a quoted field may span lines (its row keeps the
 * line it starts on), CRLF, LF or CR end a row.
 */
function splitCsv(text: string, separator: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = "";
  let quoted = false;
  let atFieldStart = true;
  let line = 1;
  let recordLine = 1;
  let recordStart = 0;
  const endRecord = (end: number) => {
    cells.push(cell);
    records.push({ line: recordLine, text: text.slice(recordStart, end), cells });
    cells = [];
    cell = "";
    atFieldStart = true;
  };
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index++;
      } else if (char === '"') quoted = false;
      else {
        if (char === "\n" || (char === "\r" && text[index + 1] !== "\n")) line++;
        cell += char;
      }
      continue;
    }
    if (char === '"' && atFieldStart && cell.trim() === "") {
      quoted = true;
      cell = "";
      atFieldStart = false;
    } else if (char === separator) {
      cells.push(cell);
      cell = "";
      atFieldStart = true;
    } else if (char === "\r" || char === "\n") {
      endRecord(index);
      if (char === "\r" && text[index + 1] === "\n") index++;
      line++;
      recordLine = line;
      recordStart = index + 1;
    } else {
      cell += char;
      // Spaces before an opening quote are allowed; anything else makes a quote further on a plain character.
      if (char.trim() !== "") atFieldStart = false;
    }
  }
  endRecord(text.length);
  return records;
}
