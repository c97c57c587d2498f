/**
 * Rows of a delimited text file as the EU's (semicolon) and OFAC's (comma) sanctions exports write them: fields
 * optionally in double quotes, a quote inside a quoted field doubled, line breaks inside quotes kept, CRLF or LF.
 * OFAC ends its files with a SUB character (0x1A), which is dropped with the empty lines.
 */
/** An empty line, or OFAC's end-of-file SUB character. */
const isBlank = (field: string | undefined) => (field ?? '').split(String.fromCharCode(0x1a)).join('').trim() === '';

export function parseDelimited(text: string, delimiter: ';' | ','): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const endRow = () => {
    row.push(field);
    field = '';
    if (!(row.length === 1 && isBlank(row[0]))) rows.push(row);
    row = [];
  };
  for (; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += ch;
    } else if (ch === '"' && field.trim() === '') {
      field = '';
      quoted = true;
    } else if (ch === delimiter) {
      row.push(field);
      field = '';
    } else if (ch === '\n') endRow();
    else if (ch === '\r') {
      if (text[i + 1] !== '\n') endRow();
    } else field += ch;
  }
  if (quoted) throw new Error('unterminated quoted field at the end of the file');
  if (field !== '' || row.length > 0) endRow();
  return rows;
}
