import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opsMessages } from '../../../common/api/ops.ts';
import { call, ensureRates, signIn, testEnv, uniqueEmail } from '../../../tests/support/identity.ts';
import { startTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import type { AdminCommand } from '../../cli/admin-command.ts';
import { bankerAddCommand } from '../../cli/commands/banker-add.ts';
import { operatorAddCommand } from '../../cli/commands/operator-add.ts';
import { agency, create, customer, recipientOf, teller } from '../transfers/transactions.fixtures.ts';
import { operator, opsAction } from './ops.fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { ...testEnv, OPS_SESSION_TTL_SECONDS: '3600' } });
  await ensureRates(t);
});
afterAll(async () => {
  await t.close();
});

async function run(command: AdminCommand, args: string[]) {
  const lines: string[] = [];
  const code = await command.run({ db: t.database.db, args, out: (l) => lines.push(l), config: t.config });
  return { code, output: lines.join('\n') };
}

const auditOf = (token: string, query: string) =>
  call<{ count: number; results: Record<string, unknown>[] }>(t, 'GET', `/api/ops/audit/${query}`, { token });

describe('operator:add', () => {
  it('creates an operator who signs in for OPS_SESSION_TTL_SECONDS, and logs that sign-in in the audit', async () => {
    const email = uniqueEmail('op');
    const added = await run(operatorAddCommand, ['--email', email, '--first-name', 'Nadia']);
    expect(added.code, added.output).toBe(0);
    expect(added.output).toMatch(/^Created operator \d+/);
    const s = await signIn(t, { email });
    expect(s.role).toBe('OPERATOR');
    const session = await t.database.db
      .selectFrom('sessions')
      .select(['created_at', 'expires_at'])
      .where('user_id', '=', String(s.userId))
      .executeTakeFirstOrThrow();
    expect(session.expires_at.getTime() - session.created_at.getTime()).toBe(3600 * 1000);
    const audit = await auditOf(s.token, `?actor=${s.userId}&action=auth.sign_in`);
    expect(audit.status).toBe(200);
    expect(audit.body.count).toBe(1);
    expect(audit.body.results[0]).toMatchObject({ actor: s.userId, actor_role: 'OPERATOR', target_type: 'session' });
    expect(audit.body.results[0]?.request_id).toEqual(expect.any(String));
    // The command itself is in the trail, done by the command line.
    const byCli = await auditOf(s.token, `?action=operator.add&target_id=${s.userId}`);
    expect(byCli.body.results[0]).toMatchObject({ actor: null, actor_role: 'cli', after: { role: 'OPERATOR' } });
  });

  it("a teller's sign-in is in the audit trail too, with their role", async () => {
    const tellerSession = await teller(t, await agency(t));
    const op = await operator(t);
    const audit = await auditOf(op.token, `?actor=${tellerSession.userId}&action=auth.sign_in`);
    expect(audit.status).toBe(200);
    expect(audit.body.count).toBe(1);
    expect(audit.body.results[0]).toMatchObject({
      actor: tellerSession.userId,
      actor_role: 'BANKER',
      target_type: 'session',
    });
  });

  it('--auditor makes a read-only auditor; an existing customer is promoted; a teller is refused', async () => {
    const c = await customer(t);
    const promoted = await run(operatorAddCommand, ['--email', c.email, '--auditor']);
    expect(promoted.code, promoted.output).toBe(0);
    expect(promoted.output).toContain(`Promoted auditor ${c.userId}`);
    // Their customer session ends with the promotion: they sign in again, as an auditor.
    expect((await call(t, 'GET', '/api/users/', { token: c.token })).status).toBe(401);
    const byCli = await auditOf((await operator(t)).token, `?action=operator.add&target_id=${c.userId}`);
    expect(byCli.body.results[0]).toMatchObject({ actor_role: 'cli', after: { role: 'AUDITOR', sessions_ended: 1 } });

    const tellerEmail = uniqueEmail('teller');
    expect((await run(bankerAddCommand, ['--email', tellerEmail, '--agency', await agency(t)])).code).toBe(0);
    const refused = await run(operatorAddCommand, ['--email', tellerEmail]);
    expect(refused.code).toBe(2);
    expect(refused.output).toContain('is a teller');
    expect((await run(operatorAddCommand, ['--email', 'not-an-email'])).code).toBe(2);
  });
});

describe('/api/ops/ access', () => {
  it('refuses customers and tellers (403) and anonymous callers (401); operators and auditors read', async () => {
    const c = await customer(t);
    const banker = await teller(t, await agency(t));
    for (const path of ['audit/', 'customers/', `customers/${c.userId}/`]) {
      expect((await call(t, 'GET', `/api/ops/${path}`)).status).toBe(401);
      const asCustomer = await call(t, 'GET', `/api/ops/${path}`, { token: c.token });
      expect(asCustomer.status).toBe(403);
      expect(asCustomer.body).toEqual({ detail: opsMessages.staffOnly });
      expect((await call(t, 'GET', `/api/ops/${path}`, { token: banker.token })).status).toBe(403);
      expect((await call(t, 'GET', `/api/ops/${path}`, { token: (await operator(t)).token })).status).toBe(200);
      expect((await call(t, 'GET', `/api/ops/${path}`, { token: (await operator(t, 'AUDITOR')).token })).status).toBe(
        200,
      );
    }
    // A customer's malformed write is refused for who they are, not for the fields.
    const write = await call(t, 'POST', `/api/ops/customers/${c.userId}/freeze/`, {
      token: c.token,
      body: { junk: 1 },
    });
    expect(write.status).toBe(403);
  });

  it("refuses an auditor's write (403) and changes nothing", async () => {
    const c = await customer(t);
    const auditor = await operator(t, 'AUDITOR');
    const res = await opsAction(t, auditor, `customers/${c.userId}/freeze/`);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ detail: opsMessages.auditorReadOnly });
    const row = await t.database.db
      .selectFrom('users')
      .select('frozen_at')
      .where('id', '=', String(c.userId))
      .executeTakeFirstOrThrow();
    expect(row.frozen_at).toBeNull();
  });

  it('an operator cannot send, add money or subscribe: customers only', async () => {
    const op = await operator(t);
    const c = await customer(t);
    const contact = await recipientOf(t, op, { email: c.email }).catch(() => undefined);
    expect(contact).toBeUndefined();
    expect((await create(t, op, { amount: 5, contact: 1 })).status).toBe(403);
    expect((await call(t, 'POST', '/api/exchanges/', { token: op.token, body: { from_amount: '30.00' } })).status).toBe(
      403,
    );
    expect((await call(t, 'GET', '/api/billing/create_subscription/', { token: op.token })).status).toBe(403);
  });
});

describe('audit table', () => {
  it('is append-only: the database refuses UPDATE, DELETE and TRUNCATE', async () => {
    await operator(t);
    // As the owner, whom no privilege stops (the app's role may not TRUNCATE at all): the trigger does.
    const db = t.owner.db;
    await expect(sql`UPDATE audit SET reason = 'x'`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM audit`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`TRUNCATE audit`.execute(db)).rejects.toThrow(/append-only/);
  });

  it('filters by actor, action, target and date, and exports CSV with formulas defused', async () => {
    const op = await operator(t);
    const c = await customer(t);
    const reason = '=HYPERLINK("http://evil")';
    expect((await opsAction(t, op, `customers/${c.userId}/freeze/`, { reason })).status).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    const q = `?actor=${op.userId}&action=customer.freeze&target_type=user&target_id=${c.userId}&start_date=${today}&end_date=${today}`;
    const list = await auditOf(op.token, q);
    expect(list.body.count).toBe(1);
    expect(list.body.results[0]).toMatchObject({ reason, before: { frozen: false }, after: { frozen: true } });
    expect((await auditOf(op.token, `?actor=${op.userId}&start_date=2000-01-01&end_date=2000-01-02`)).body.count).toBe(
      0,
    );
    expect((await auditOf(op.token, '?start_date=yesterday')).status).toBe(400);

    const csv = await fetch(`${t.baseUrl}/api/ops/audit/csv/${q}`, {
      headers: { authorization: `Bearer ${op.token}` },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines[0]).toBe(
      'id,created_at,actor,actor_role,actor_name,action,target_type,target_id,target_name,reason,before,after,request_id,ip',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil"")"`);
    const customerCsv = await fetch(`${t.baseUrl}/api/ops/audit/csv/`, {
      headers: { authorization: `Bearer ${c.token}` },
    });
    expect(customerCsv.status).toBe(403);
  });
});
