import {
  KYC_DOCUMENT_TYPES,
  KYC_IDENTITY_FIELDS,
  KYC_PROFILE_FIELDS,
  kycMessages,
  kycIdentitySchema,
  kycProfileSchema,
  partsFor,
  type KycDocumentType,
  type KycIdentityField,
  type KycProfileField,
} from '../../../common/api/kyc.ts';
import { genericMessages, type FieldErrors } from '../../../common/api/errors.ts';
import type { KycMediaType, KycPart } from '../../db/schema.ts';
import { HttpError } from '../../http/http-error.ts';
import { checkDocumentFile } from './file-type.ts';
import { MalformedMultipart, multipartBoundary, parseMultipart, type FormPart } from './multipart.ts';

/**
 * The identity-document form (a customer's submission, an account recovery's identity check): every part checked
 * before anything is stored, every refusal collected so the form shows them all at once.
 */

export interface CheckedFile {
  part: KycPart;
  mediaType: KycMediaType;
  data: Buffer;
}

/** Years between a date of birth and now, by the calendar (a birthday today counts). */
function ageOn(dateOfBirth: string, now: Date): number {
  const [y, m, d] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const age = now.getUTCFullYear() - y;
  const beforeBirthday = now.getUTCMonth() + 1 < m || (now.getUTCMonth() + 1 === m && now.getUTCDate() < d);
  return beforeBirthday ? age - 1 : age;
}

/**
 * The document type and its files (front, back unless a passport, selfie): each present, at most 5 MB and a JPEG,
 * PNG or PDF by its bytes. Refusals go into `errors`; `tooLarge` when a file is over the size.
 */
function checkDocumentFiles(
  fields: Map<string, FormPart>,
  errors: FieldErrors,
): { documentType: KycDocumentType | undefined; files: CheckedFile[]; tooLarge: boolean } {
  const typeText = fields.get('document_type')?.data.toString('utf8').trim();
  const documentType = KYC_DOCUMENT_TYPES.find((type) => type === typeText);
  if (documentType === undefined && errors.document_type === undefined)
    errors.document_type = [typeText ? kycMessages.documentType : genericMessages.required];
  let tooLarge = false;
  const files: CheckedFile[] = [];
  for (const part of partsFor(documentType ?? 'national_id')) {
    if (errors[part] !== undefined) continue;
    const field = fields.get(part);
    if (field === undefined || (field.data.length === 0 && !field.filename)) {
      errors[part] = [genericMessages.required];
    } else {
      const checked = checkDocumentFile(field.data);
      if ('refused' in checked) {
        errors[part] = [checked.refused];
        tooLarge ||= checked.tooLarge;
      } else files.push({ part, mediaType: checked.mediaType, data: field.data });
    }
  }
  return { documentType, files, tooLarge };
}

/** The form's parts by name (a name given twice is refused in `errors`). */
function formFields(parts: FormPart[], errors: FieldErrors): Map<string, FormPart> {
  const fields = new Map<string, FormPart>();
  for (const part of parts) {
    if (fields.has(part.name)) errors[part.name] = [kycMessages.once];
    fields.set(part.name, part);
  }
  return fields;
}

/** A multipart body's parts: a 400 when it is not one. */
export function multipartParts(request: { contentType: string | undefined; body: unknown }): FormPart[] {
  const boundary = multipartBoundary(request.contentType);
  if (!Buffer.isBuffer(request.body) || boundary === undefined)
    throw new HttpError(400, { detail: kycMessages.notMultipart });
  try {
    return parseMultipart(request.body, boundary);
  } catch (error) {
    if (error instanceof MalformedMultipart) throw new HttpError(400, { detail: kycMessages.notMultipart });
    throw error;
  }
}

/**
 * Everything a submission is checked for before anything is stored: the document type, each file part present,
 * at most 5 MB and a JPEG, PNG or PDF by its bytes, and the profile fields level 2 still lacks. Every refusal is
 * collected (a form shows them all at once); one file too large makes it a 413, anything else a 400.
 */
export function checkSubmission(
  parts: FormPart[],
  profile: Readonly<Record<KycProfileField, string | null>>,
  now: Date,
): {
  documentType: KycDocumentType;
  files: CheckedFile[];
  profile: Partial<Record<KycProfileField, string>>;
  identity: Partial<Record<KycIdentityField, string>>;
} {
  const errors: FieldErrors = {};
  const fields = formFields(parts, errors);
  const { documentType, files, tooLarge } = checkDocumentFiles(fields, errors);
  const given: Record<string, string> = {};
  for (const name of KYC_PROFILE_FIELDS) {
    const value = fields.get(name)?.data.toString('utf8');
    if (value !== undefined && value.trim() !== '') given[name] = value;
    else if (profile[name] === null && errors[name] === undefined) errors[name] = [genericMessages.required];
  }
  const checked = kycProfileSchema.safeParse(given);
  if (!checked.success) {
    for (const issue of checked.error.issues) {
      const name = String(issue.path[0]);
      if (errors[name] === undefined) errors[name] = [issue.message];
    }
  } else if (checked.data.date_of_birth !== undefined && errors.date_of_birth === undefined) {
    const age = ageOn(checked.data.date_of_birth, now);
    if (age < 18) errors.date_of_birth = [kycMessages.adult];
    else if (age > 130) errors.date_of_birth = ['Enter a valid date (YYYY-MM-DD).'];
  }
  const named: Record<string, string> = {};
  for (const name of KYC_IDENTITY_FIELDS) {
    const value = fields.get(name)?.data.toString('utf8');
    if (value !== undefined && value.trim() !== '') named[name] = value;
  }
  const identity = kycIdentitySchema.safeParse(named);
  if (!identity.success) for (const issue of identity.error.issues) errors[String(issue.path[0])] ??= [issue.message];
  if (Object.keys(errors).length > 0) throw new HttpError(tooLarge ? 413 : 400, errors);
  return {
    documentType: documentType as KycDocumentType,
    files,
    profile: checked.success ? checked.data : {},
    identity: identity.success ? identity.data : {},
  };
}

/**
 * The identity check of an account recovery: a selfie and the document of the type on file (`requiredType`; any
 * when none is on file), checked as a submission's files are, before anything is stored (400/413 with every
 * refusal). The requester is not signed in, so no profile field is taken from this form.
 */
export function checkRecoveryDocuments(
  request: { contentType: string | undefined; body: unknown },
  requiredType: KycDocumentType | null,
): { documentType: KycDocumentType; files: CheckedFile[] } {
  const errors: FieldErrors = {};
  const fields = formFields(multipartParts(request), errors);
  const { documentType, files, tooLarge } = checkDocumentFiles(fields, errors);
  if (documentType !== undefined && requiredType !== null && documentType !== requiredType)
    errors.document_type = [kycMessages.sameDocumentType];
  if (Object.keys(errors).length > 0) throw new HttpError(tooLarge ? 413 : 400, errors);
  return { documentType: documentType as KycDocumentType, files };
}
