// fontkit ships no types; the receipt uses only its parser, whose result PDFKit takes in place of a font file.
declare module 'fontkit' {
  /** A parsed font face (opaque here: only PDFKit reads it). */
  export interface Font {
    readonly postscriptName: string;
  }
  export function create(buffer: Uint8Array, postscriptName?: string): Font;
}
