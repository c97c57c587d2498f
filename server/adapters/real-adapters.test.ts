import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '../../common/api/auth.ts';
import { stableMessageId } from './mail/mail-adapter.ts';
import { productionEnv } from '../../tests/support/production-env.ts';
import { startTestApp, type TestApp } from '../../tests/support/test-app.ts';
import { call, testEnv, uniqueEmail, uniquePhone } from '../../tests/support/identity.ts';

// The real adapters against real local servers: an SMTP server speaking the protocol, and an HTTP server that
// checks what a Twilio-compatible provider would receive.

interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}
interface ReceivedSms {
  method: string;
  path: string;
  authorization: string;
  contentType: string;
  form: URLSearchParams;
}

const mails: ReceivedMail[] = [];
const texts: ReceivedSms[] = [];
let smsStatus = 201;

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      mails.push({
        from: session.envelope.mailFrom === false ? '' : session.envelope.mailFrom.address,
        to: session.envelope.rcptTo.map((r) => r.address),
        raw: Buffer.concat(chunks).toString('utf8'),
      });
      callback();
    });
  },
});

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const provider: Server = createServer((request, response) => {
  void readBody(request).then((body) => {
    texts.push({
      method: request.method ?? '',
      path: request.url ?? '',
      authorization: request.headers.authorization ?? '',
      contentType: request.headers['content-type'] ?? '',
      form: new URLSearchParams(body),
    });
    response
      .writeHead(smsStatus, { 'content-type': 'application/json' })
      .end(JSON.stringify({ sid: 'SM1', status: 'queued' }));
  });
});

const listen = (server: { listen: (port: number, host: string, cb: () => void) => unknown }) =>
  new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

let t: TestApp;
beforeAll(async () => {
  await listen(smtp);
  await listen(provider);
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  const smsPort = (provider.address() as AddressInfo).port;
  t = await startTestApp({
    env: {
      ...testEnv,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_FROM: 'Wallet <codes@wallet.test>',
      SMS_PROVIDER_URL: `http://127.0.0.1:${smsPort}/`,
      SMS_ACCOUNT_SID: 'AC0123456789',
      SMS_AUTH_TOKEN: 'token-for-tests',
      SMS_FROM: '+15005550006',
    },
  });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(resolve));
  await new Promise<void>((resolve) => provider.close(() => resolve()));
});

describe('mail over SMTP', () => {
  it('delivers the sign-in code to the SMTP server, and the code signs in', async () => {
    const email = uniqueEmail();
    const res = await call(t, 'POST', '/api/auth/send_code/', { body: { email, language: 'en' } });
    expect(res.status).toBe(200);
    const mail = mails.find((m) => m.to.includes(email));
    expect(mail?.from).toBe('codes@wallet.test');
    const text = (mail?.raw ?? '').replace(/=\r?\n/g, '');
    expect(text).toContain('Subject: Sila: Your sign-in code');
    const code = /code is (\d{6})/.exec(text)?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    const verified = await call(t, 'POST', '/api/auth/verify_code/', { body: { email, code } });
    expect(verified.status).toBe(200);
    // A sign-in code has no identity of its own: the transport gives it a fresh Message-ID.
    expect(text).toMatch(/^Message-ID: <.+@wallet\.test>\r?$/m);
  });

  it('sends a message with its stable Message-ID, the same at every attempt (receipts)', async () => {
    const email = uniqueEmail('message-id');
    const messageId = stableMessageId('receipt', 'TX-00000042', t.config);
    expect(messageId).toMatch(/^<receipt\.TX-00000042\.[0-9a-f]{12}@wallet\.test>$/);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      await t.app.services.mail.send({ to: email, subject: 'Your receipt', text: 'Attached.', messageId });
    }
    const sent = mails.filter((m) => m.to.includes(email)).map((m) => /^Message-ID: (.*?)\r?$/m.exec(m.raw)?.[1]);
    expect(sent).toEqual([messageId, messageId]);
  });
});

describe('SMS through the Twilio-compatible provider', () => {
  it('posts the form the provider expects, with basic auth', async () => {
    const phone = uniquePhone();
    const res = await call(t, 'POST', '/api/auth/send_code/', { body: { phone_number: phone, language: 'fr' } });
    expect(res.status).toBe(200);
    const sms = texts.find((s) => s.form.get('To') === phone);
    expect(sms?.method).toBe('POST');
    expect(sms?.path).toBe('/2010-04-01/Accounts/AC0123456789/Messages.json');
    expect(sms?.authorization).toBe(`Basic ${Buffer.from('AC0123456789:token-for-tests').toString('base64')}`);
    expect(sms?.contentType).toBe('application/x-www-form-urlencoded');
    expect(sms?.form.get('From')).toBe('+15005550006');
    expect(sms?.form.get('Body')).toMatch(/^Sila : Votre code de connexion : \d{6} /);
  });

  it('answers 503 with a message when the provider refuses, never a 500', async () => {
    smsStatus = 500;
    try {
      const res = await call(t, 'POST', '/api/auth/send_code/', {
        body: { phone_number: uniquePhone(), language: 'en' },
      });
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ detail: authMessages.sendFailed });
    } finally {
      smsStatus = 201;
    }
  });
});

describe('the dev outbox', () => {
  it('mounted with the sandbox only when EXPOSE_DEV_ROUTES says so, whatever HOST is (a proxy makes loopback public)', async () => {
    const loopback = await startTestApp({ env: { HOST: '127.0.0.1', EXPOSE_DEV_ROUTES: 'false' } });
    const unset = await startTestApp({ env: { HOST: '127.0.0.1', EXPOSE_DEV_ROUTES: '' } });
    const told = await startTestApp({ env: { HOST: '0.0.0.0', EXPOSE_DEV_ROUTES: 'true' } });
    try {
      const sandboxCss = async (app: TestApp) =>
        (await fetch(`${app.baseUrl}/sandbox/sandbox.css`)).headers.get('content-type');
      for (const app of [loopback, unset]) {
        expect(app.app.services.mail.builtIn).toBe(true);
        expect((await call(app, 'GET', '/api/dev/outbox/')).status).toBe(404);
        expect(await sandboxCss(app)).not.toMatch(/text\/css/);
      }
      expect((await call(told, 'GET', '/api/dev/outbox/')).status).toBe(200);
      expect(await sandboxCss(told)).toMatch(/text\/css/);
    } finally {
      await Promise.all([loopback.close(), unset.close(), told.close()]);
    }
  });

  it('does not exist when no built-in adapter is active', async () => {
    const res = await call(t, 'GET', '/api/dev/outbox/');
    expect(res.status).toBe(404);
  });

  it('never exists in production, even with ALLOW_DEV_ADAPTERS', async () => {
    const prod = await startTestApp({ env: productionEnv });
    try {
      expect(prod.app.services.mail.builtIn).toBe(true);
      expect((await call(prod, 'GET', '/api/dev/outbox/')).status).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
