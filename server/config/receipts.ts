import { z } from 'zod';

/** Who issues the receipts (the payment service, as the law asks a receipt to name it). Composed in server/config.ts. */
export const receiptVariables = {
  // The defaults are the sandbox's: a deployment sets its own legal name, registered address and licence.
  RECEIPT_ISSUER_NAME: z.string().trim().min(1).default('Sila Payments SAS'),
  RECEIPT_ISSUER_ADDRESS: z.string().trim().min(1).default('10 rue de la Paix, 75002 Paris, France'),
  RECEIPT_ISSUER_LICENCE: z.string().trim().min(1).default('ACPR 17000 (sandbox)'),
};
