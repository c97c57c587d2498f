import { describe, expect, it } from 'vitest';
import { csvCell, csvDocument } from './statement-csv.ts';

describe('statement CSV (RFC 4180)', () => {
  it('quotes a field with a comma, a quote or a line break and doubles its quotes', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('Dupont, Jean')).toBe('"Dupont, Jean"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
    expect(csvCell('محمد العلوي')).toBe('محمد العلوي');
  });

  it('keeps a would-be formula as text with a leading apostrophe', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      const cell = csvCell(`${start}x`);
      expect([`'${start}x`, `"'${start}x"`]).toContain(cell);
    }
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\rx')).toBe('"\'\rx"');
    expect(csvCell('12.50')).toBe('12.50');
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('starts with a byte-order mark and ends every record with CRLF', () => {
    const text = csvDocument(['a', 'b'], [['1', 'x,y']]);
    expect(text).toBe('\uFEFFa,b\r\n1,"x,y"\r\n');
  });
});
