import type { SanctionsSource } from '../../db/schema.ts';

export const sanctionsSources = ['eu', 'un', 'ofac'] as const satisfies readonly SanctionsSource[];

/** One listed person or entity, as every format's parser gives it. */
export interface ListEntry {
  /** The list's own identifier (EU logical id, UN DATAID, OFAC ent_num). */
  externalId: string;
  subjectType: 'person' | 'entity';
  /** The primary name first (given names before the family name), then the aliases; no duplicates. */
  names: string[];
  /** 'YYYY-MM-DD', 'YYYY-MM' or 'YYYY'. */
  birthDates: string[];
  /** ISO alpha-2 codes where recognised (countries.ts). */
  nationalities: string[];
  programme: string | null;
  /** 'YYYY-MM-DD' */
  listedOn: string | null;
}

export interface ParsedList {
  /** The list's own date ('YYYY-MM-DD'): its generation date, or the import's day when the file has none. */
  listDate: string | null;
  entries: ListEntry[];
}

/** Adds a value once, ignoring empty ones. */
export function addUnique(into: string[], value: string | null | undefined): void {
  const v = (value ?? '').replace(/\s+/g, ' ').trim();
  if (v !== '' && !into.includes(v)) into.push(v);
}

/** A date as the lists write it ('1960-01-31', '31/01/1960', '31 Jan 1960', 'Jan 1960', '1960') -> ISO, or null. */
export function isoDate(text: string | null | undefined): string | null {
  const t = (text ?? '').trim();
  let m = /^(\d{4})-(\d{2})-(\d{2})/.exec(t);
  if (m) return `${m[1]}-${m[2]}-${m[3]}`;
  m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(t);
  if (m) return `${m[3]}-${m[2]?.padStart(2, '0')}-${m[1]?.padStart(2, '0')}`;
  const months = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
  m = /^(?:(\d{1,2}) )?([A-Za-z]{3})[a-z]* (\d{4})$/.exec(t);
  if (m) {
    const month = months.indexOf((m[2] ?? '').toLowerCase());
    if (month < 0) return null;
    const mm = String(month + 1).padStart(2, '0');
    return m[1] ? `${m[3]}-${mm}-${m[1].padStart(2, '0')}` : `${m[3]}-${mm}`;
  }
  m = /^(\d{4})$/.exec(t);
  return m ? (m[1] ?? null) : null;
}
