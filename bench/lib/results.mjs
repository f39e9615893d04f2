/**
 * What every bench script does at its end: a results file with the machine it ran on, and a
 * `main` that prints its failure and always runs the cleanups.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname } from 'node:path';

/** The machine a result was measured on, as every results file records it. */
export function machineInfo() {
  return {
    cpus: cpus().length,
    cpu: cpus()[0]?.model,
    node: process.version,
    platform: process.platform,
  };
}

/** Today's date as results files are named after it (YYYY-MM-DD). */
export const today = () => new Date().toISOString().slice(0, 10);

/**
 * What a results file holds, in this order: `head` (e.g. the engine), the run's `date`, when it
 * was generated, the run's `settings`, the machine, then `results`.
 */
export function runRecord(date, settings, results, head = {}) {
  return {
    ...head,
    date,
    generatedAt: new Date().toISOString(),
    ...settings,
    machine: machineInfo(),
    ...results,
  };
}

/** Writes `data` as pretty JSON with a final newline, creating the folder when absent. */
export function writeResultFile(file, data) {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
}

/**
 * Runs a bench script's `main`: a failure is printed as `<label> failed: …` and ends the process
 * with 1; the cleanups run and the hard limit is cleared either way.
 */
export async function runBenchMain(label, cleanups, main) {
  try {
    await main();
  } catch (error) {
    console.error(`${label} failed: ${error instanceof Error ? error.stack : String(error)}`);
    process.exitCode = 1;
  } finally {
    await cleanups.cleanup();
    cleanups.done();
  }
}
