import { SaxesParser } from 'saxes';
import { countryCode } from './countries.ts';
import { addUnique, isoDate, type ListEntry, type ParsedList } from './list-entry.ts';

/**
 * The UN Security Council consolidated list (XML, `<CONSOLIDATED_LIST dateGenerated="...">`): `<INDIVIDUALS>` of
 * `<INDIVIDUAL>` (DATAID, FIRST_NAME .. FOURTH_NAME, UN_LIST_TYPE, LISTED_ON, NAME_ORIGINAL_SCRIPT,
 * NATIONALITY/VALUE, INDIVIDUAL_ALIAS/ALIAS_NAME, INDIVIDUAL_DATE_OF_BIRTH with DATE, YEAR or FROM_YEAR/TO_YEAR)
 * and `<ENTITIES>` of `<ENTITY>` (FIRST_NAME is the entity's name, ENTITY_ALIAS/ALIAS_NAME). Read with saxes
 * (a streaming parser: entities, CDATA and comments handled by it, no DTD fetched).
 */
export function parseUnXml(text: string): ParsedList {
  const parser = new SaxesParser();
  const path: string[] = [];
  let listDate: string | null = null;
  let sawRoot = false;
  let entry: ListEntry | null = null;
  let parts: string[] = [];
  let textBuffer = '';
  const entries: ListEntry[] = [];

  parser.on('opentag', (node) => {
    path.push(node.name);
    textBuffer = '';
    if (path.length === 1) {
      if (node.name !== 'CONSOLIDATED_LIST') throw new Error(`not the UN consolidated list: root <${node.name}>`);
      sawRoot = true;
      const generated = node.attributes['dateGenerated'];
      listDate = isoDate(typeof generated === 'string' ? generated : null);
    }
    if (node.name === 'INDIVIDUAL' || node.name === 'ENTITY') {
      entry = {
        externalId: '',
        subjectType: node.name === 'INDIVIDUAL' ? 'person' : 'entity',
        names: [],
        birthDates: [],
        nationalities: [],
        programme: null,
        listedOn: null,
      };
      parts = [];
    }
  });
  parser.on('text', (t) => {
    textBuffer += t;
  });
  parser.on('cdata', (t) => {
    textBuffer += t;
  });
  parser.on('closetag', (node) => {
    const value = textBuffer.trim();
    textBuffer = '';
    const parent = path[path.length - 2];
    path.pop();
    const e = entry;
    if (e === null) return;
    switch (node.name) {
      case 'DATAID':
        if (parent === 'INDIVIDUAL' || parent === 'ENTITY') e.externalId = value;
        break;
      case 'FIRST_NAME':
      case 'SECOND_NAME':
      case 'THIRD_NAME':
      case 'FOURTH_NAME':
        if (value !== '') parts.push(value);
        break;
      case 'UN_LIST_TYPE':
        e.programme = value || null;
        break;
      case 'LISTED_ON':
        e.listedOn = isoDate(value);
        break;
      case 'NAME_ORIGINAL_SCRIPT':
      case 'ALIAS_NAME':
        // The primary name goes first when the entry closes; aliases and the original script after it.
        if (value !== '') e.names.push(value);
        break;
      case 'VALUE':
        if (parent === 'NATIONALITY') addUnique(e.nationalities, countryCode(value));
        break;
      case 'DATE':
      case 'YEAR':
      case 'FROM_YEAR':
      case 'TO_YEAR':
        if (parent === 'INDIVIDUAL_DATE_OF_BIRTH') addUnique(e.birthDates, isoDate(value));
        break;
      case 'INDIVIDUAL':
      case 'ENTITY': {
        const names: string[] = [];
        addUnique(names, parts.join(' '));
        for (const n of e.names) addUnique(names, n);
        e.names = names;
        if (e.externalId !== '' && e.names.length > 0) entries.push(e);
        entry = null;
        break;
      }
    }
  });
  parser.write(text).close();
  if (!sawRoot) throw new Error('not the UN consolidated list: no <CONSOLIDATED_LIST>');
  return { listDate, entries };
}
