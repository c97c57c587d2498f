import { getAgency } from '../../modules/contacts/agencies.service.ts';
import { bankers } from '../../modules/users/bankers.service.ts';
import type { AdminCommand } from '../admin-command.ts';

export const bankerListCommand: AdminCommand = {
  name: 'banker:list',
  usage: 'banker:list',
  summary: 'list the tellers with their agency',
  async run({ db, out }) {
    const rows = await bankers(db);
    if (rows.length === 0) {
      out('No bankers yet (banker:add, or seed:demo for the demo tellers).');
      return 0;
    }
    out(`${'id'.padEnd(8)} ${'sign-in'.padEnd(36)} ${'name'.padEnd(28)} agency`);
    for (const b of rows) {
      const agency = b.agency_id ? await getAgency(db, b.agency_id) : undefined;
      const where = agency ? `${agency.id} ${agency.first_name} (${agency.city ?? ''})` : String(b.agency_id);
      const name = `${b.first_name} ${b.last_name}`.trim() || '-';
      out(`${b.id.padEnd(8)} ${(b.email ?? b.phone_number ?? '-').padEnd(36)} ${name.padEnd(28)} ${where}`);
    }
    return 0;
  },
};
