import { HDKey, privateKeyToAddress } from 'viem/accounts';
import { toHex } from 'viem';

/** 2^31: BIP-32 indexes at or above it are hardened. */
const hardened = 0x8000_0000n;
/** Agencies live on the last hardened account, users on accounts 0, 1, 2… (2^31 users each). */
const agencyAccount = Number(hardened - 1n);
const coinType = 60; // Ethereum, SLIP-44: what EVM wallets use on every EVM network
const cacheLimit = 50_000;

export interface HdWalletAddresses {
  /** m/44'/60'/a'/0/i with a = ⌊id / 2^31⌋, i = id mod 2^31: BIP-44 account 0 is the first 2^31 user ids. */
  user: (userId: string) => string;
  /** m/44'/60'/2147483647'/0/agencyId. */
  agency: (agencyId: string) => string;
}

/**
 * Custodial addresses from one HD seed held in configuration: the derivation is a pure function of the seed and
 * the numeric id, so no key (and not even the address) has to be stored, and any standard wallet can recover
 * the keys from the mnemonic and the path. Deriving costs a few elliptic-curve multiplications: the hardened
 * account nodes and the addresses are cached.
 */
export function hdWalletAddresses(seed: Uint8Array): HdWalletAddresses {
  const root = HDKey.fromMasterSeed(seed);
  const accounts = new Map<number, HDKey>();
  const addresses = new Map<string, string>();

  const externalChain = (account: number): HDKey => {
    let node = accounts.get(account);
    if (!node) {
      node = root.derive(`m/44'/${coinType}'/${account}'/0`);
      accounts.set(account, node);
    }
    return node;
  };

  const derive = (account: number, index: number): string => {
    const key = `${account}/${index}`;
    let address = addresses.get(key);
    if (address === undefined) {
      const child = externalChain(account).deriveChild(index);
      if (!child.privateKey) throw new Error('HD derivation produced no private key');
      // Lower case, as every address in the database (users.account_id CHECK) and the built-in ledger's.
      address = privateKeyToAddress(toHex(child.privateKey)).toLowerCase();
      if (addresses.size >= cacheLimit) addresses.clear();
      addresses.set(key, address);
    }
    return address;
  };

  const split = (id: string, what: string): { account: number; index: number } => {
    if (!/^\d+$/.test(id)) throw new Error(`${what} id is not a non-negative integer`);
    const n = BigInt(id);
    const account = n / hardened;
    if (account >= BigInt(agencyAccount)) throw new Error(`${what} id is beyond the derivable range`);
    return { account: Number(account), index: Number(n % hardened) };
  };

  return {
    user(userId) {
      const { account, index } = split(userId, 'user');
      return derive(account, index);
    },
    agency(agencyId) {
      const { account, index } = split(agencyId, 'agency');
      if (account !== 0) throw new Error('agency id is beyond the derivable range');
      return derive(agencyAccount, index);
    },
  };
}
