import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config.ts';
import { evmExplorer } from './evm-chain.ts';

const secrets = {
  SECRET_KEY: 's'.repeat(32),
  SECURITY_CODE_PEPPER: 'p'.repeat(32),
  CHAIN_SIGNING_KEY: Buffer.alloc(32, 9).toString('base64'),
  KYC_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
};
const network = {
  CHAIN_RPC_URL: 'https://rpc.example',
  CHAIN_ID: '42220',
  CHAIN_EXPLORER_URL: 'https://explorer.example',
  CHAIN_HD_MNEMONIC: 'test test test test test test test test test test test junk',
  CHAIN_OPERATOR_KEY: `0x${'ab'.repeat(32)}`,
  CHAIN_REGISTRY_ADDRESS: `0x${'12'.repeat(20)}`,
};
const production = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://w.example',
  TRUST_PROXY: '1',
  ALLOW_DEV_ADAPTERS: 'true',
  STRIPE_SECRET_KEY: 'sk_test_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
  SECRET_KEY: secrets.SECRET_KEY,
  SECURITY_CODE_PEPPER: secrets.SECURITY_CODE_PEPPER,
  KYC_ENCRYPTION_KEY: secrets.KYC_ENCRYPTION_KEY,
  PAYOUT_WALLET_PARTNER: 'http',
  PAYOUT_WALLET_URL: 'https://wallets.example',
  PAYOUT_WALLET_KEY: 'k',
  PAYOUT_WALLET_CALLBACK_SECRET: 'c'.repeat(32),
};

describe('loadConfig: the EVM network settings', () => {
  it('stays on the built-in ledger when none is set, and selects the network when all are', () => {
    expect(loadConfig(secrets).evm).toBeUndefined();
    const config = loadConfig({ ...secrets, ...network, CHAIN_OPERATOR_KEY: `0x${'AB'.repeat(32)}` });
    expect(config.evm).toEqual({
      rpcUrl: 'https://rpc.example',
      chainId: 42220,
      explorerUrl: 'https://explorer.example',
      mnemonic: network.CHAIN_HD_MNEMONIC,
      operatorKey: network.CHAIN_OPERATOR_KEY,
      registry: network.CHAIN_REGISTRY_ADDRESS,
    });
    expect(config.CHAIN_CONFIRMATIONS).toBe(3);
  });

  it('refuses half a configuration, naming what is missing', () => {
    const { CHAIN_REGISTRY_ADDRESS: _r, CHAIN_HD_MNEMONIC: _m, ...partial } = network;
    expect(() => loadConfig({ ...secrets, ...partial })).toThrow(
      /CHAIN_HD_MNEMONIC, CHAIN_REGISTRY_ADDRESS: required with the other CHAIN_\* network settings/,
    );
    expect(() => loadConfig({ ...secrets, CHAIN_RPC_URL: 'https://rpc.example' })).toThrow(/CHAIN_ID, /);
  });

  it('checks each value for what it is', () => {
    const bad = (override: Record<string, string>) => () => loadConfig({ ...secrets, ...network, ...override });
    expect(bad({ CHAIN_HD_MNEMONIC: 'test test test test test test test test test test test test' })).toThrow(
      /CHAIN_HD_MNEMONIC: not a valid BIP-39/,
    );
    expect(bad({ CHAIN_OPERATOR_KEY: '0x1234' })).toThrow(/CHAIN_OPERATOR_KEY: must be a secp256k1 private key/);
    expect(bad({ CHAIN_OPERATOR_KEY: `0x${'0'.repeat(64)}` })).toThrow(/CHAIN_OPERATOR_KEY/);
    expect(bad({ CHAIN_REGISTRY_ADDRESS: '0xnot' })).toThrow(/CHAIN_REGISTRY_ADDRESS: must be a contract address/);
    expect(bad({ CHAIN_ID: '0' })).toThrow(/CHAIN_ID/);
    expect(bad({ CHAIN_RPC_URL: 'ftp://rpc.example' })).toThrow(/CHAIN_RPC_URL/);
    expect(bad({ CHAIN_CONFIRMATIONS: '0' })).toThrow(/CHAIN_CONFIRMATIONS/);
  });

  it('in production on a network without CHAIN_SIGNING_KEY, writes no development secrets file', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-secrets-')), 'dev-secrets.json');
    const config = loadConfig({ ...production, ...network, DEV_SECRETS_FILE: file });
    expect(config.SECRET_KEY).toBe(production.SECRET_KEY);
    expect(fs.existsSync(file)).toBe(false);
  });

  it('in production: needs the local signing key only without a network, and an https explorer with one', () => {
    expect(() => loadConfig(production)).toThrow(/CHAIN_SIGNING_KEY: required in production/);
    expect(loadConfig({ ...production, ...network }).evm?.chainId).toBe(42220);
    expect(() => loadConfig({ ...production, ...network, CHAIN_EXPLORER_URL: 'http://explorer.example' })).toThrow(
      /CHAIN_EXPLORER_URL: must be https/,
    );
  });

  it('builds the explorer templates under the base URL', () => {
    expect(evmExplorer('https://celoscan.io/')).toEqual({
      tx: 'https://celoscan.io/tx/{id}',
      address: 'https://celoscan.io/address/{address}',
    });
  });
});
