import { z } from 'zod';

/**
 * `GET /api/chain/`: where the public ledger's explorer is, as URL templates with `{id}` (a transaction's
 * `tx_id`) and `{address}` (a wallet address). Relative for the built-in explorer (same origin), absolute for a
 * network's explorer. The web app builds its 'view' links from these, so links follow the configuration.
 */
export const chainInfoSchema = z.object({
  network: z.enum(['local', 'evm']),
  tx_url: z.string(),
  address_url: z.string(),
});
export type ChainInfo = z.infer<typeof chainInfoSchema>;
