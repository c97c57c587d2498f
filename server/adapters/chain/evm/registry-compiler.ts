import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { projectRoot } from '../../../config.ts';

/** The contract source and its committed build (`npm run contracts:build` writes the second from the first). */
export const registrySourcePath = path.join(projectRoot, 'contracts', 'AnchorRegistry.sol');
export const registryArtifactPath = path.join(projectRoot, 'contracts', 'AnchorRegistry.json');

/**
 * Everything that decides the bytes, fixed here rather than left to compiler defaults that change between
 * releases. `paris` (no PUSH0) so the same bytecode deploys on every EVM network we may meet, L2s included.
 * The metadata hash stays: it is what source-verification services match against.
 */
export const registryCompilerSettings = {
  optimizer: { enabled: true, runs: 200 },
  evmVersion: 'paris',
  outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'] } },
} as const;

export interface RegistryArtifact {
  contractName: 'AnchorRegistry';
  compiler: { name: 'solc'; version: string; settings: typeof registryCompilerSettings };
  sourceSha256: string;
  abi: unknown[];
  bytecode: `0x${string}`;
  deployedBytecode: `0x${string}`;
}

interface SolcOutput {
  errors?: { severity: string; formattedMessage: string }[];
  contracts?: Record<
    string,
    Record<string, { abi: unknown[]; evm: { bytecode: { object: string }; deployedBytecode: { object: string } } }>
  >;
}

interface Solc {
  version(): string;
  compile(input: string): string;
}

/**
 * Compiles contracts/AnchorRegistry.sol with the solc npm package pinned in package.json (soljson.js ships inside
 * it: nothing is downloaded). Warnings are errors too: a new warning means the source needs a look.
 */
export function compileRegistry(source = readFileSync(registrySourcePath, 'utf8')): RegistryArtifact {
  // solc is CommonJS and a devDependency: loaded only by the build script and the drift test, never at run time.
  const solc = createRequire(import.meta.url)('solc') as Solc;
  const input = {
    language: 'Solidity',
    sources: { 'AnchorRegistry.sol': { content: source } },
    settings: registryCompilerSettings,
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput;
  const problems = (output.errors ?? []).map((e) => e.formattedMessage);
  if (problems.length > 0) throw new Error(`solc:\n${problems.join('\n')}`);
  const contract = output.contracts?.['AnchorRegistry.sol']?.AnchorRegistry;
  if (!contract) throw new Error('solc produced no AnchorRegistry');
  return {
    contractName: 'AnchorRegistry',
    compiler: { name: 'solc', version: solc.version(), settings: registryCompilerSettings },
    sourceSha256: createHash('sha256').update(source).digest('hex'),
    abi: contract.abi,
    bytecode: `0x${contract.evm.bytecode.object}`,
    deployedBytecode: `0x${contract.evm.deployedBytecode.object}`,
  };
}

/** The artifact as committed: two-space JSON and a final newline, so the file is byte-for-byte reproducible. */
export function serializeArtifact(artifact: RegistryArtifact): string {
  return `${JSON.stringify(artifact, null, 2)}\n`;
}
