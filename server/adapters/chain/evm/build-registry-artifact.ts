import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../../../config.ts';
import { compileRegistry, registryArtifactPath, serializeArtifact } from './registry-compiler.ts';

/** `npm run contracts:build`: regenerates contracts/AnchorRegistry.json from contracts/AnchorRegistry.sol. */
const started = performance.now();
const artifact = compileRegistry();
writeFileSync(registryArtifactPath, serializeArtifact(artifact));
console.log(
  `${path.relative(projectRoot, registryArtifactPath)}: solc ${artifact.compiler.version}, ` +
    `${(artifact.deployedBytecode.length - 2) / 2} bytes deployed, ${Math.round(performance.now() - started)} ms`,
);
