import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { XTERM_CSS } from './xterm-css';

describe('XTERM_CSS', () => {
  it('is the installed @xterm/xterm stylesheet (refresh the copy after upgrading xterm)', () => {
    const require = createRequire(import.meta.url);
    const file = require.resolve('@xterm/xterm/css/xterm.css');
    expect(XTERM_CSS).toBe(readFileSync(file, 'utf8'));
  });
});
