import { parseDelimited } from './delimited.ts';
import { countryCode } from './countries.ts';
import { addUnique, isoDate, type ListEntry, type ParsedList } from './list-entry.ts';

/**
 * The EU consolidated list, CSV export of the EU financial sanctions database (FSD, "csvFullSanctionsList_1_1"):
 * semicolon-separated, one header line, then one line per fact of an entity (a name alias, an address, a birth
 * date, a citizenship, an identification), each line repeating the entity's columns (`Entity_LogicalId`...) and
 * filling only its own group. Columns are read by name, so their order and the groups we ignore do not matter.
 */
const required = ['fileGenerationDate', 'Entity_LogicalId', 'NameAlias_WholeName'] as const;

export function parseEuCsv(text: string): ParsedList {
  const [header, ...rows] = parseDelimited(text, ';');
  if (!header) throw new Error('empty file');
  const col = new Map(header.map((name, i) => [name.trim(), i]));
  const missing = required.filter((name) => !col.has(name));
  if (missing.length > 0)
    throw new Error(`not the EU consolidated list CSV (semicolon-separated): no column ${missing.join(', ')}`);
  const get = (row: string[], name: string) => {
    const i = col.get(name);
    return i === undefined ? '' : (row[i] ?? '').trim();
  };
  const byId = new Map<string, ListEntry>();
  let listDate: string | null = null;
  for (const row of rows) {
    const id = get(row, 'Entity_LogicalId');
    if (id === '') continue;
    listDate ??= isoDate(get(row, 'fileGenerationDate'));
    let entry = byId.get(id);
    if (!entry) {
      const code = get(row, 'Entity_SubjectType_ClassificationCode') || get(row, 'Entity_SubjectType');
      entry = {
        externalId: id,
        subjectType: /^(p|person)$/i.test(code) ? 'person' : 'entity',
        names: [],
        birthDates: [],
        nationalities: [],
        programme: get(row, 'Entity_Regulation_Programme') || null,
        listedOn: isoDate(get(row, 'Entity_DesignationDate')),
      };
      byId.set(id, entry);
    }
    const whole =
      get(row, 'NameAlias_WholeName') ||
      [get(row, 'NameAlias_FirstName'), get(row, 'NameAlias_MiddleName'), get(row, 'NameAlias_LastName')]
        .filter(Boolean)
        .join(' ');
    addUnique(entry.names, whole);
    const year = get(row, 'BirthDate_Year');
    const month = get(row, 'BirthDate_Month');
    const day = get(row, 'BirthDate_Day');
    const birth =
      isoDate(get(row, 'BirthDate_BirthDate')) ??
      (year !== '' && year !== '0'
        ? [
            year,
            month && month !== '0' ? month.padStart(2, '0') : '',
            month && day && day !== '0' ? day.padStart(2, '0') : '',
          ]
            .filter(Boolean)
            .join('-')
        : null);
    addUnique(entry.birthDates, birth);
    addUnique(
      entry.nationalities,
      countryCode(get(row, 'Citizenship_CountryIso2Code') || get(row, 'Citizenship_CountryDescription')),
    );
  }
  return { listDate, entries: [...byId.values()].filter((e) => e.names.length > 0) };
}
