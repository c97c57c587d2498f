import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** What a JSON-RPC request needs from hardhat's in-process network (EIP-1193). */
export interface Eip1193Provider {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
}

export interface TestEvmNode {
  /** `http://127.0.0.1:<port>`: what CHAIN_RPC_URL points at. */
  url: string;
  chainId: number;
  provider: Eip1193Provider;
  /** Every JSON-RPC method the node was asked for, in order (a test watches for eth_sendRawTransaction). */
  calls: string[];
  /** The RPC endpoint stops answering (connection refused), as a network outage would; the chain keeps its state. */
  goDown(): Promise<void>;
  /** The endpoint answers again on the same port. */
  comeBack(): Promise<void>;
  mine(blocks?: number): Promise<void>;
  setAutomine(on: boolean): Promise<void>;
  close(): Promise<void>;
}

interface JsonRpcRequest {
  id?: unknown;
  method: string;
  params?: unknown[];
}

interface ProviderErrorLike {
  code?: number;
  message?: string;
  data?: unknown;
}

/**
 * Hardhat's EVM (EDR) in this process, behind a small HTTP JSON-RPC server on a free port, so the adapter speaks
 * to it exactly as to a real network (viem's http transport). Chain id 31337, automine on: each transaction is
 * mined into its own block at once.
 */
export async function startTestEvmNode(): Promise<TestEvmNode> {
  // hardhat reads its config from the file HARDHAT_CONFIG names; ours declares the network only (no compile task:
  // registry-compiler.ts builds the artifact with the pinned solc, and nothing is downloaded). A reverting
  // transaction is mined and reported by its receipt, as on a real network, instead of failing the send.
  const dir = mkdtempSync(path.join(tmpdir(), 'wallet-hardhat-'));
  const config = {
    paths: { root: dir },
    networks: { hardhat: { throwOnTransactionFailures: false, throwOnCallFailures: true } },
  };
  writeFileSync(path.join(dir, 'hardhat.config.cjs'), `module.exports = ${JSON.stringify(config)};\n`);
  process.env.HARDHAT_CONFIG = path.join(dir, 'hardhat.config.cjs');
  process.env.HARDHAT_DISABLE_TELEMETRY_PROMPT = 'true';
  const hre = createRequire(import.meta.url)('hardhat') as { network: { provider: Eip1193Provider } };
  const provider = hre.network.provider;
  const chainId = Number(await provider.request({ method: 'eth_chainId' }));
  const calls: string[] = [];

  const answer = async (request: JsonRpcRequest) => {
    calls.push(request.method);
    try {
      const result = await provider.request({ method: request.method, params: request.params ?? [] });
      return { jsonrpc: '2.0', id: request.id, result: result ?? null };
    } catch (error) {
      const e = error as ProviderErrorLike;
      // Revert data travels in error.data, as real nodes send it, so viem can decode custom errors.
      const data = typeof e.data === 'object' && e.data !== null ? (e.data as { data?: unknown }).data : e.data;
      return {
        jsonrpc: '2.0',
        id: request.id,
        error: { code: e.code ?? -32603, message: e.message ?? String(error), ...(data !== undefined && { data }) },
      };
    }
  };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as JsonRpcRequest | JsonRpcRequest[];
      const reply = Array.isArray(body) ? Promise.all(body.map(answer)) : answer(body);
      void reply.then((payload) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(payload));
      });
    });
  });
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
    });
  const port = await listen(0);
  const stop = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });

  return {
    url: `http://127.0.0.1:${port}`,
    chainId,
    provider,
    calls,
    goDown: stop,
    comeBack: async () => {
      await listen(port);
    },
    async mine(blocks = 1) {
      await provider.request({ method: 'hardhat_mine', params: [`0x${blocks.toString(16)}`] });
    },
    async setAutomine(on) {
      await provider.request({ method: 'evm_setAutomine', params: [on] });
    },
    close: async () => {
      if (server.listening) await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
