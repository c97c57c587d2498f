import { z } from 'zod';

/** `GET /api/dev/outbox/?to=` (development only): the built-in adapters' messages, newest first. */
export const outboxQuerySchema = z.object({ to: z.string().min(1).max(254).optional() });

export const outboxMessageSchema = z.object({
  channel: z.enum(['email', 'sms']),
  to: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  code: z.string().nullable(),
  link: z.string().nullable(),
  /** Files a real mail would attach (the receipt PDF): name, type, bytes in base64. */
  attachments: z
    .array(z.object({ filename: z.string(), content_type: z.string(), base64: z.string() }))
    .nullable()
    .optional(),
  created_at: z.string(),
});

export const outboxResponseSchema = z.object({
  count: z.number().int(),
  results: z.array(outboxMessageSchema),
});

export type OutboxMessage = z.infer<typeof outboxMessageSchema>;
