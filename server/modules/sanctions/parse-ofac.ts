import { parseDelimited } from './delimited.ts';
import { countryCode } from './countries.ts';
import { addUnique, isoDate, type ListEntry, type ParsedList } from './list-entry.ts';

/**
 * OFAC's Specially Designated Nationals list in its legacy CSV files (no header line; "-0- " is an empty value):
 * - SDN.CSV: ent_num, SDN_Name, SDN_Type, Program, Title, Call_Sign, Vess_type, Tonnage, GRT, Vess_flag,
 *   Vess_owner, Remarks. An individual's name is "FAMILY, Given Names"; dates of birth and nationalities are in
 *   the remarks ("DOB 12 Mar 1965; POB Rabat, Morocco; nationality Morocco; citizen Morocco; ...").
 * - ALT.CSV: ent_num, alt_num, alt_type (aka, fka, nka), alt_name, alt_remarks: the aliases.
 * The files carry no date: the import records the one given with --date, else the day of the import.
 */
const empty = (v: string | undefined) => {
  const t = (v ?? '').trim();
  return t === '-0-' ? '' : t;
};

/** "FAMILY, Given Names" -> "Given Names FAMILY"; a name without a comma (entities, vessels) as it is. */
function givenFirst(name: string): string {
  const comma = name.indexOf(',');
  if (comma < 0) return name;
  return `${name.slice(comma + 1).trim()} ${name.slice(0, comma).trim()}`.trim();
}

export function parseOfacCsv(sdnText: string, altText: string | null): ParsedList {
  const byId = new Map<string, ListEntry>();
  for (const row of parseDelimited(sdnText, ',')) {
    const id = empty(row[0]);
    if (id === '') continue;
    if (!/^\d+$/.test(id) || row.length < 4)
      throw new Error(`not OFAC's SDN.CSV: line "${row.join(',').slice(0, 60)}" has no entity number and name`);
    const type = empty(row[2]).toLowerCase();
    const remarks = empty(row[11]);
    const entry: ListEntry = {
      externalId: id,
      subjectType: type === 'individual' ? 'person' : 'entity',
      names: [],
      birthDates: [],
      nationalities: [],
      programme: empty(row[3]) || null,
      listedOn: null,
    };
    addUnique(entry.names, type === 'individual' ? givenFirst(empty(row[1])) : empty(row[1]));
    for (const part of remarks.split(';')) {
      const p = part.trim();
      const dob = /^DOB (.+)$/i.exec(p);
      // "DOB 1960 to 1962", "DOB circa 1965", "DOB 12 Mar 1965"
      if (dob)
        for (const d of (dob[1] ?? '').replace(/^circa /i, '').split(/ to | or /))
          addUnique(entry.birthDates, isoDate(d));
      const nat = /^(?:nationality|citizen) (.+)$/i.exec(p);
      if (nat) addUnique(entry.nationalities, countryCode(nat[1]));
    }
    byId.set(id, entry);
  }
  if (altText !== null) {
    for (const row of parseDelimited(altText, ',')) {
      const id = empty(row[0]);
      if (id === '') continue;
      if (!/^\d+$/.test(id) || row.length < 4)
        throw new Error(`not OFAC's ALT.CSV: line "${row.join(',').slice(0, 60)}"`);
      const entry = byId.get(id);
      if (!entry) continue;
      const alias = empty(row[3]);
      addUnique(entry.names, entry.subjectType === 'person' ? givenFirst(alias) : alias);
    }
  }
  return { listDate: null, entries: [...byId.values()].filter((e) => e.names.length > 0) };
}
