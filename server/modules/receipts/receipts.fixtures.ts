import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../../config.ts';

/**
 * A receipt PDF read back as text (pdftotext -layout, poppler-utils), its first page also written as a PNG into
 * .data/screenshots/<name>.png (pdftoppm) to be looked at: Arabic shaped and right to left.
 */
export function pdfText(pdf: Buffer, name: string): string {
  const shots = path.join(projectRoot, '.data', 'screenshots');
  fs.mkdirSync(shots, { recursive: true });
  const file = path.join(shots, `${name}.pdf`);
  fs.writeFileSync(file, pdf);
  execFileSync('pdftoppm', ['-png', '-r', '70', '-f', '1', '-l', '1', '-singlefile', file, path.join(shots, name)]);
  return execFileSync('pdftotext', ['-layout', file, '-']).toString('utf8');
}
