import { SmsDeliveryError, type SmsAdapter, type SmsMessage } from './sms-adapter.ts';

export interface TwilioSmsOptions {
  /** `https://api.twilio.com`, or any provider speaking the same API. */
  url: string;
  accountSid: string;
  authToken: string;
  from: string;
  timeoutMs?: number;
}

/**
 * SMS through Twilio's Messages API (and compatible providers): a form-encoded POST with HTTP basic auth.
 * Errors say the status only; the provider's answer may echo the number or the text.
 */
export function twilioSms(options: TwilioSmsOptions): SmsAdapter {
  const endpoint = `${options.url.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
  return {
    builtIn: false,
    async send(message: SmsMessage) {
      let response: Response;
      try {
        response = await fetch(endpoint, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body: new URLSearchParams({ To: message.to, From: options.from, Body: message.body }).toString(),
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        });
      } catch (error) {
        throw new SmsDeliveryError('SMS provider unreachable', { cause: error });
      }
      // Drain the body so the connection returns to the pool.
      await response.arrayBuffer().catch(() => undefined);
      if (!response.ok) throw new SmsDeliveryError(`SMS provider answered ${response.status}`);
    },
  };
}
