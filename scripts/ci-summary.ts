// The end of .ci/run's summary, from vitest's JSON reports:
//
//   node --import tsx scripts/ci-summary.ts <elapsed-seconds> <report.json>...
//
// names every failed test with its first message (so a failure in a long log, or a flake seen once,
// is known without the whole output), lists the 20 slowest test files (where CI's time goes), and
// ends with one line: "ci: N passed, N failed in M min S s". Exits 1 when a report is missing (its
// run stopped before vitest wrote it) or says the run failed.

import fs from 'node:fs';
import path from 'node:path';

interface FileResult {
  name: string;
  status: string;
  message?: string;
  startTime?: number;
  endTime?: number;
  assertionResults?: { status: string; fullName: string; failureMessages?: string[] }[];
}
interface Report {
  success: boolean;
  numPassedTests: number;
  numFailedTests: number;
  testResults?: FileResult[];
}

const SLOWEST = 20;
const [elapsedArgument, ...reportFiles] = process.argv.slice(2);
const elapsed = Number(elapsedArgument);
const root = process.cwd();

let passed = 0;
let failed = 0;
const timings: { file: string; run: string; ms: number }[] = [];

for (const reportFile of reportFiles) {
  const run = path.basename(reportFile, '.json');
  if (!fs.existsSync(reportFile)) {
    console.log(`  failed: ${run} — no report (its run stopped before the tests)`);
    failed += 1;
    continue;
  }
  const report = JSON.parse(fs.readFileSync(reportFile, 'utf8')) as Report;
  passed += report.numPassedTests;
  // A run that failed outside any test (a file that would not load, a global set-up that threw)
  // counts as one failure, so the total never reads "0 failed" for a red run.
  failed += report.numFailedTests + (!report.success && report.numFailedTests === 0 ? 1 : 0);
  for (const file of report.testResults ?? []) {
    const name = path.relative(root, file.name);
    if (file.startTime !== undefined && file.endTime !== undefined) timings.push({ file: name, run, ms: file.endTime - file.startTime });
    const failures = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    if (file.status === 'failed' && failures.length === 0) {
      console.log(`  failed: ${run}: ${name} — ${firstLine(file.message)}`);
    }
    for (const test of failures) {
      const message = String(test.failureMessages?.[0] ?? '').split('\n').slice(0, 3).join(' | ').slice(0, 400);
      console.log(`  failed: ${run}: ${name} › ${test.fullName} — ${message}`);
    }
  }
}

if (timings.length > 0) {
  console.log(`  the ${Math.min(SLOWEST, timings.length)} slowest test files (seconds, run):`);
  for (const { file, run, ms } of timings.sort((a, b) => b.ms - a.ms).slice(0, SLOWEST)) {
    console.log(`  ${(ms / 1000).toFixed(1).padStart(7)}  ${run.padEnd(12)} ${file}`);
  }
}
console.log(`ci: ${passed} passed, ${failed} failed in ${Math.floor(elapsed / 60)} min ${elapsed % 60} s`);
process.exit(failed > 0 ? 1 : 0);

function firstLine(text: string | undefined): string {
  return String(text ?? '').split('\n')[0]!.slice(0, 300);
}
