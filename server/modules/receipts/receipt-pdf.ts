import fs from 'node:fs';
import path from 'node:path';
import { create as openFont, type Font } from 'fontkit';
import PDFDocument from 'pdfkit';
import { projectRoot } from '../../config.ts';
import { drawLine, wrapLines } from './pdf-text.ts';

/**
 * The receipt's page: A4, one column of label / value rows large enough to read on a phone, then the
 * rights paragraph. Noto Sans Arabic (an npm package, OFL) has the Latin letters too, so one font serves the three
 * languages and is never fetched nor looked for in the system's fonts.
 */
const fontDir = path.join(projectRoot, 'node_modules', '@expo-google-fonts', 'noto-sans-arabic');
const regular = path.join(fontDir, '400Regular', 'NotoSansArabic_400Regular.ttf');
const bold = path.join(fontDir, '700Bold', 'NotoSansArabic_700Bold.ttf');

/**
 * The two faces, read and parsed once per process: parsing a face's tables (the Arabic shaping ones above all) was
 * most of a receipt's CPU when each document opened the files again. PDFKit takes a parsed face as it takes a path,
 * and each document still embeds only the subset of glyphs it drew.
 */
let faces: { regular: Font; bold: Font } | undefined;
function loadFaces() {
  faces ??= { regular: openFont(fs.readFileSync(regular)), bold: openFont(fs.readFileSync(bold)) };
  return faces;
}

export interface ReceiptLayout {
  rtl: boolean;
  title: string;
  /** Who issues the receipt (legal name, address, licence), one line each, under the title. */
  issuer: string;
  /** [label, value]; a value may be several lines. */
  rows: [string, string][];
  rightsTitle: string;
  rights: string;
  footer: string;
  /** Metadata of the file. */
  subject: string;
}

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 48;

export function renderReceipt(layout: ReceiptLayout): Promise<Buffer> {
  const { regular: regularFace, bold: boldFace } = loadFaces();
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: layout.title, Subject: layout.subject, Creator: 'Sila' },
    lang: layout.rtl ? 'ar' : undefined,
    // Our face from the start, so that no document loads and parses the built-in Helvetica it would never draw.
    font: regularFace as unknown as string,
  });
  doc.registerFont('regular', regularFace as unknown as string);
  doc.registerFont('bold', boldFace as unknown as string);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = A4.width - 2 * MARGIN;
  const rtl = layout.rtl;
  let y = MARGIN;
  // A long receipt (a top-up has more rows) continues on a second page rather than under the footer.
  const room = (height: number) => {
    if (y + height <= A4.height - MARGIN - 24) return;
    doc.addPage();
    y = MARGIN;
  };

  doc.font('bold').fontSize(24).fillColor('#0b3d2e');
  drawLine(doc, layout.title, { x: MARGIN, y, width, rtl });
  y += 34;
  doc.font('regular').fontSize(9).fillColor('#55625c');
  for (const line of layout.issuer.split('\n')) {
    drawLine(doc, line, { x: MARGIN, y, width, rtl });
    y += 12;
  }
  y += 4;
  doc.moveTo(MARGIN, y).lineTo(MARGIN + width, y).strokeColor('#0f7a55').lineWidth(2).stroke();
  y += 14;

  for (const [label, value] of layout.rows) {
    room(38);
    doc.font('regular').fontSize(10).fillColor('#55625c');
    drawLine(doc, label, { x: MARGIN, y, width, rtl });
    y += 15;
    doc.font('bold').fontSize(13).fillColor('#111111');
    for (const line of value.split('\n').flatMap((l) => wrapLines(doc, l, width))) {
      drawLine(doc, line, { x: MARGIN, y, width, rtl });
      y += 18;
    }
    y += 6;
  }

  room(90);
  y += 6;
  doc.moveTo(MARGIN, y).lineTo(MARGIN + width, y).strokeColor('#c9d3ce').lineWidth(1).stroke();
  y += 12;
  doc.font('bold').fontSize(13).fillColor('#111111');
  drawLine(doc, layout.rightsTitle, { x: MARGIN, y, width, rtl });
  y += 20;
  doc.font('regular').fontSize(10).fillColor('#222222');
  for (const line of wrapLines(doc, layout.rights, width)) {
    room(15);
    drawLine(doc, line, { x: MARGIN, y, width, rtl });
    y += 15;
  }
  doc.font('regular').fontSize(9).fillColor('#55625c');
  drawLine(doc, layout.footer, { x: MARGIN, y: A4.height - MARGIN - 12, width, rtl });
  doc.end();
  return done;
}
