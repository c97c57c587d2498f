// `node scripts/test-durations.mjs [N]`: where `npm test`'s time went, from the reports it leaves in test-results/
// (Vitest's unit.json and api.json, Playwright's e2e.json): the N slowest files of each tier (20 by default), with
// each tier's total of file times. With several workers the files' times add up to more than the tier's wall time;
// Vitest's time of a file is its tests' (not the import and environment setup before them, which its summary line
// gives for the whole run).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = path.join(root, 'test-results');
const most = Number(process.argv[2] ?? 20);

/** Vitest's JSON reporter: one entry per file, with its start and end. */
function vitestFiles(json) {
  return json.testResults.map((file) => ({
    file: path.relative(root, file.name),
    seconds: (file.endTime - file.startTime) / 1000,
    tests: file.assertionResults.length,
  }));
}

/** Playwright's JSON reporter: suites per file, specs in them (nested describes), each test's results. */
function playwrightFiles(json) {
  const byFile = new Map();
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? []) {
      const entry = byFile.get(file) ?? { file, seconds: 0, tests: 0 };
      for (const test of spec.tests) {
        entry.tests += 1;
        for (const result of test.results) entry.seconds += result.duration / 1000;
      }
      byFile.set(file, entry);
    }
    for (const child of suite.suites ?? []) walk(child, file);
  };
  for (const suite of json.suites) walk(suite, path.join('tests/e2e', suite.file));
  return [...byFile.values()];
}

for (const name of ['unit.json', 'api.json', 'e2e.json']) {
  const full = path.join(reports, name);
  if (!fs.existsSync(full)) continue;
  const json = JSON.parse(fs.readFileSync(full, 'utf8'));
  const files = ('testResults' in json ? vitestFiles(json) : playwrightFiles(json)).sort((a, b) => b.seconds - a.seconds);
  const sum = files.reduce((total, f) => total + f.seconds, 0);
  console.log(`\n${name}: ${files.length} files, ${sum.toFixed(1)} s of file time`);
  for (const f of files.slice(0, most))
    console.log(`${f.seconds.toFixed(1).padStart(8)} s ${((100 * f.seconds) / sum).toFixed(1).padStart(5)} %  ${f.file} (${f.tests})`);
}
