import { KYC_MAX_FILE_BYTES } from '../../common/api/messages';
import type { TFunction } from '../i18n/i18n';

/** The kinds of file the server takes for a document (an identity document, a help case's attachment). */
export const DOCUMENT_FILE_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;

/**
 * What is wrong with a chosen document file, said at once rather than after minutes of upload: larger than 5 MB, or
 * declared as another kind than a JPEG, PNG or PDF. A file the browser cannot name (no declared type) goes to the
 * server, which checks both again by the file's bytes.
 */
export function documentFileError(file: File | null | undefined, t: TFunction): string | undefined {
  if (!file) return undefined;
  if (file.size > KYC_MAX_FILE_BYTES) return t('kyc.errors.tooLarge');
  if (file.type !== '' && !(DOCUMENT_FILE_TYPES as readonly string[]).includes(file.type))
    return t('kyc.errors.wrongType');
  return undefined;
}
