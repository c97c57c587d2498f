import { KYC_MAX_FILE_BYTES, kycMessages } from '../../../common/api/messages.ts';
import type { KycMediaType } from '../../db/schema.ts';

/**
 * What a file is, from its first bytes: the name and the declared Content-Type are the sender's words,
 * the bytes are the file. JPEG starts FF D8 FF, PNG with its 8-byte signature, PDF with "%PDF-".
 */
export function mediaTypeOf(bytes: Buffer): KycMediaType | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  return undefined;
}

/**
 * The checks of one uploaded document (an identity document, a help case's attachment): at most 5 MB, and a JPEG,
 * PNG or PDF by its bytes. A refusal carries the field's message; `tooLarge` makes the answer a 413.
 */
export function checkDocumentFile(data: Buffer): { mediaType: KycMediaType } | { refused: string; tooLarge: boolean } {
  if (data.length > KYC_MAX_FILE_BYTES) return { refused: kycMessages.tooLarge, tooLarge: true };
  const mediaType = mediaTypeOf(data);
  return mediaType === undefined ? { refused: kycMessages.wrongType, tooLarge: false } : { mediaType };
}
