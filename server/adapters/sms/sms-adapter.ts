export interface SmsMessage {
  /** E.164, e.g. `+33612345678`. */
  to: string;
  body: string;
  code?: string;
}

export interface SmsAdapter {
  /** True for the built-in outbox (development), false for a real SMS provider. */
  readonly builtIn: boolean;
  /** Resolves once the provider accepted the message; rejects with SmsDeliveryError otherwise. */
  send(message: SmsMessage): Promise<void>;
}

export class SmsDeliveryError extends Error {}
