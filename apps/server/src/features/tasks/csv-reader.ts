/** One record of a CSV file and the line of the file it starts on (1-based, the header is line 1). */
export interface CsvRecord {
  line: number;
  fields: string[];
}

export type CsvReadResult = { ok: true; records: CsvRecord[] } | { ok: false; line: number; message: string };

/**
 * Reads CSV text as RFC 4180 says: comma-separated, fields in double quotes may hold commas, line breaks and
 * doubled quotes; CRLF, LF or CR line ends; a leading byte-order mark is dropped. Blank lines are skipped.
 */
export function readCsv(input: string): CsvReadResult {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let recordLine = 1;
  let quoted = false;
  let wasQuoted = false;
  let i = 0;

  const endRecord = () => {
    fields.push(field);
    const blank = fields.length === 1 && fields[0] === '' && !wasQuoted;
    if (!blank) records.push({ line: recordLine, fields });
    fields = [];
    field = '';
    wasQuoted = false;
  };

  while (i < text.length) {
    const char = text.charAt(i);
    if (quoted) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i += 1;
        const next = text[i];
        if (next !== undefined && next !== ',' && next !== '\n' && next !== '\r') {
          return {
            ok: false,
            line,
            message: 'a closing quote must end its field (put "" for a quote inside)',
          };
        }
        continue;
      }
      if (char === '\n' || (char === '\r' && text[i + 1] !== '\n')) line += 1;
      field += char;
      i += 1;
      continue;
    }
    if (char === '"') {
      if (field.trim() !== '') {
        return { ok: false, line, message: 'a quote inside an unquoted field (quote the whole field)' };
      }
      field = '';
      quoted = true;
      wasQuoted = true;
      i += 1;
      continue;
    }
    if (char === ',') {
      fields.push(field);
      field = '';
      i += 1;
      continue;
    }
    if (char === '\r' || char === '\n') {
      endRecord();
      i += char === '\r' && text[i + 1] === '\n' ? 2 : 1;
      line += 1;
      recordLine = line;
      continue;
    }
    field += char;
    i += 1;
  }
  if (quoted) return { ok: false, line: recordLine, message: 'a quoted field is never closed' };
  if (field !== '' || fields.length > 0 || wasQuoted) endRecord();
  return { ok: true, records };
}

/** Whether bytes look like text a person saved as CSV: valid UTF-8 without control bytes other than tab and line ends. */
export function looksLikeText(data: Buffer): boolean {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return false;
  }
  // eslint-disable-next-line no-control-regex -- the control bytes binary files carry are what this looks for
  return !/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(text);
}
