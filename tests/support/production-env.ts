/**
 * The least a test app needs to start as production (config.ts refuses it otherwise): its own secrets, an https
 * PUBLIC_URL behind one proxy, Stripe keys and a wallet operator that are never called, and the built-in mail/SMS outbox allowed.
 */
export const productionEnv = {
  NODE_ENV: 'production',
  ALLOW_DEV_ADAPTERS: 'true',
  STRIPE_SECRET_KEY: 'sk_test_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
  SECRET_KEY: 'x'.repeat(32),
  SECURITY_CODE_PEPPER: 'y'.repeat(32),
  CHAIN_SIGNING_KEY: Buffer.alloc(32, 3).toString('base64'),
  KYC_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
  PUBLIC_URL: 'https://wallet.example.com',
  TRUST_PROXY: '1',
  // A wallet operator that is never called (production refuses the sandbox, whose payouts reach no one).
  PAYOUT_WALLET_PARTNER: 'http',
  PAYOUT_WALLET_URL: 'https://wallets.example.com',
  PAYOUT_WALLET_KEY: 'wallet-key',
  PAYOUT_WALLET_CALLBACK_SECRET: 'z'.repeat(32),
};
