import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { anchorRegistryAbi } from './anchor-registry.ts';
import {
  compileRegistry,
  registryArtifactPath,
  serializeArtifact,
  type RegistryArtifact,
} from './registry-compiler.ts';

interface Param {
  type: string;
  name?: string;
  indexed?: boolean;
}
/** Kind, name, inputs (type, name, indexed), outputs and mutability: everything the adapter relies on. */
function signature(item: unknown): string {
  const i = item as { type: string; name?: string; inputs?: Param[]; outputs?: Param[]; stateMutability?: string };
  const params = (list: Param[] = []) => list.map((p) => `${p.type}${p.indexed ? ' indexed' : ''} ${p.name ?? ''}`);
  return `${i.type} ${i.name ?? ''}(${params(i.inputs).join(', ')}) -> (${params(i.outputs).join(', ')}) ${i.stateMutability ?? ''}`;
}

describe('contracts/AnchorRegistry.json', () => {
  // One compile serves both checks (about 2-3 s, most of it loading soljson).
  const rebuilt = compileRegistry();

  it('holds exactly what the pinned solc makes of contracts/AnchorRegistry.sol (npm run contracts:build)', () => {
    // Compared as data, so that reformatting the JSON (prettier) is no drift; the bytecode strings byte for byte.
    const committed = JSON.parse(readFileSync(registryArtifactPath, 'utf8')) as RegistryArtifact;
    expect(committed.sourceSha256).toBe(rebuilt.sourceSha256);
    expect(committed.bytecode).toBe(rebuilt.bytecode);
    expect(committed.deployedBytecode).toBe(rebuilt.deployedBytecode);
    expect(committed).toEqual(JSON.parse(serializeArtifact(rebuilt)));
    expect(rebuilt.compiler.version).toMatch(/^0\.8\.37\+/);
  });

  it("matches the adapter's typed ABI, item for item, parameter names included", () => {
    expect(rebuilt.abi.map(signature).sort()).toEqual(anchorRegistryAbi.map(signature).sort());
  });

  it('refuses a source that does not compile cleanly', () => {
    expect(() => compileRegistry('pragma solidity 0.8.37; contract AnchorRegistry { uint x = ; }')).toThrow(/solc/);
  });
});
