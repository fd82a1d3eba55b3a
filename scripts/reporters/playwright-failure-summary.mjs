// The Playwright side of failure-summary.mjs: one line per failed e2e test for `npm test`'s closing summary.
import { appendFailures } from './failure-summary.mjs';

export default class PlaywrightFailureSummary {
  /** @type {string[]} */
  failures = [];

  /**
   * @param {import('@playwright/test/reporter').TestCase} test
   * @param {import('@playwright/test/reporter').TestResult} result
   */
  onTestEnd(test, result) {
    if (result.status === 'passed' || result.status === 'skipped' || result.status === test.expectedStatus)
      return;
    const message = result.error?.message ?? result.status;
    const clean = String(message)
      // eslint-disable-next-line no-control-regex -- colour codes
      .replace(/\u001b\[[0-9;]*m/g, '')
      .split('\n')
      .find((line) => line.trim());
    this.failures.push(
      `${test.titlePath().filter(Boolean).join(' > ')} (try ${result.retry + 1}): ${clean?.trim().slice(0, 200)}`,
    );
  }

  onEnd() {
    appendFailures('e2e', this.failures);
  }

  printsToStdio() {
    return false;
  }
}
