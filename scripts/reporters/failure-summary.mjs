// A few lines per failure appended to $FAROL_FAILURE_SUMMARY, which `npm test` prints last: CI shows only the
// tail of a run, and the failing test's name and first error line are what one needs to start from.
import { appendFileSync } from 'node:fs';

const MAX_FAILURES = 12;
/** @param {unknown} text */
const firstLine = (text) =>
  String(text ?? '')
    // eslint-disable-next-line no-control-regex -- colour codes from the assertion library
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .map((line) => line.trim())
    .find(Boolean)
    ?.slice(0, 220) ?? '';

/**
 * @param {string} stage
 * @param {string[]} failures
 */
export const appendFailures = (stage, failures) => {
  const file = process.env.FAROL_FAILURE_SUMMARY;
  if (!file || failures.length === 0) return;
  const shown = failures.slice(0, MAX_FAILURES).map((failure) => `  ${failure}`);
  if (failures.length > MAX_FAILURES) shown.push(`  … and ${failures.length - MAX_FAILURES} more`);
  appendFileSync(file, `${stage}: ${failures.length} failure(s)\n${shown.join('\n')}\n`);
};

/**
 * Vitest reporter (added alongside the default one by vitest.config.ts when the variable is set).
 */
export default class FailureSummaryReporter {
  /**
   * @param {ReadonlyArray<import('vitest/node').TestModule>} testModules
   * @param {ReadonlyArray<import('vitest/node').SerializedError>} unhandledErrors
   */
  onTestRunEnd(testModules, unhandledErrors) {
    const failures = [];
    for (const testModule of testModules) {
      const file = testModule.relativeModuleId ?? testModule.moduleId;
      for (const error of testModule.errors?.() ?? []) failures.push(`${file}: ${firstLine(error.message)}`);
      for (const test of testModule.children.allTests()) {
        const result = test.result();
        if (result.state !== 'failed') continue;
        failures.push(`${file} > ${test.fullName}: ${firstLine(result.errors?.[0]?.message)}`);
      }
    }
    for (const error of unhandledErrors ?? [])
      failures.push(
        `unhandled: ${firstLine(error?.message ?? error)} ${firstLine(error?.stack?.split('\n')[1])}`,
      );
    appendFailures(`vitest ${process.argv.slice(2).join(' ')}`.trim(), failures);
  }
}
