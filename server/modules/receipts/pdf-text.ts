import bidiFactory from 'bidi-js';
import type PDFDocument from 'pdfkit';

/**
 * Right-to-left text for PDFKit (the Arabic receipt). PDFKit shapes each word with fontkit (Arabic joining
 * forms and ligatures: init, medi, fina, rlig, liga; a word of Arabic script comes back in visual order), but it
 * lays the words of a string out left to right and knows no bidi. So each line is cut here into runs of one
 * embedding level (Unicode bidi algorithm, bidi-js), the runs put in visual order (rule L2), and a right-to-left
 * run is drawn word by word from its end: each word shaped in its logical order (joining is decided on logical
 * neighbours), a number or a Latin name inside Arabic stays left to right (its own run), and a piece of neutrals
 * only (": ", "(") is reversed and mirrored here, having no Arabic letter for fontkit to take the direction from.
 */
const bidi = bidiFactory();

type Doc = InstanceType<typeof PDFDocument>;

interface Run {
  text: string;
  level: number;
}

const strongRtl = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/u;

/** The runs of one line in visual order, left to right. */
export function visualRuns(text: string, rtl: boolean): Run[] {
  if (text === '') return [];
  const { levels } = bidi.getEmbeddingLevels(text, rtl ? 'rtl' : 'ltr');
  const runs: Run[] = [];
  let start = 0;
  for (let i = 1; i <= text.length; i += 1) {
    if (i === text.length || levels[i] !== levels[start]) {
      runs.push({ text: text.slice(start, i), level: levels[start] ?? 0 });
      start = i;
    }
  }
  // L2: from the highest level down to the lowest odd one, reverse every sequence of runs at that level or higher.
  const highest = Math.max(...runs.map((r) => r.level));
  const lowestOdd = Math.min(...runs.map((r) => (r.level % 2 === 1 ? r.level : Infinity)));
  for (let level = highest; level >= lowestOdd && Number.isFinite(lowestOdd); level -= 1) {
    for (let i = 0; i < runs.length; i += 1) {
      if ((runs[i]?.level ?? 0) < level) continue;
      let j = i;
      while (j + 1 < runs.length && (runs[j + 1]?.level ?? 0) >= level) j += 1;
      runs.splice(i, j - i + 1, ...runs.slice(i, j + 1).reverse());
      i = j;
    }
  }
  return runs;
}

// Isolates and marks steer the algorithm; they are not drawn (the font has no glyph for them).
const controls = /[\u200E\u200F\u2066-\u2069]/gu;

/** The pieces PDFKit draws one after the other, left to right: a right-to-left run word by word from its end. */
export function visualPieces(text: string, rtl: boolean): string[] {
  const pieces = visualRuns(text, rtl).flatMap((run) =>
    run.level % 2 === 0
      ? [run.text]
      : run.text
          .split(/(\s+)/u)
          .filter((piece) => piece !== '')
          .reverse()
          .map((piece) =>
            strongRtl.test(piece)
              ? piece
              : [...piece]
                  .reverse()
                  .map((c) => bidi.getMirroredCharacter(c) ?? c)
                  .join(''),
          ),
  );
  return pieces.map((piece) => piece.replace(controls, '')).filter((piece) => piece !== '');
}

/** Keeps a left-to-right value (a phone number, a reference, a date) whole inside right-to-left text. */
export const isolateLtr = (value: string): string => `\u2066${value}\u2069`;

export interface LineOptions {
  x: number;
  y: number;
  width: number;
  rtl: boolean;
  /** 'start' is the right edge in a right-to-left document. */
  align?: 'start' | 'end';
}

/** Draws one line (no wrapping) with its runs in visual order, aligned to the start or end of the box. */
export function drawLine(doc: Doc, text: string, options: LineOptions): void {
  const pieces = visualPieces(text, options.rtl);
  const widths = pieces.map((piece) => doc.widthOfString(piece));
  const total = widths.reduce((a, b) => a + b, 0);
  const atRight = options.rtl !== (options.align === 'end');
  let x = atRight ? options.x + options.width - total : options.x;
  pieces.forEach((piece, i) => {
    doc.text(piece, x, options.y, { lineBreak: false });
    x += widths[i] ?? 0;
  });
}

/** A word wider than the line (an explorer address) in pieces that fit, cut anywhere. */
function hardBreak(doc: Doc, word: string, width: number): string[] {
  if (doc.widthOfString(word) <= width) return [word];
  const pieces: string[] = [];
  let piece = '';
  for (const c of word) {
    if (piece !== '' && doc.widthOfString(piece + c) > width) {
      pieces.push(piece);
      piece = '';
    }
    piece += c;
  }
  return piece === '' ? pieces : [...pieces, piece];
}

/** Cuts a paragraph into lines that fit `width` (at spaces, in logical order), for drawLine. */
export function wrapLines(doc: Doc, text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/u).filter(Boolean).flatMap((w) => hardBreak(doc, w, width))) {
    const candidate = line === '' ? word : `${line} ${word}`;
    if (line !== '' && doc.widthOfString(candidate) > width) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line !== '') lines.push(line);
  return lines;
}
