import type { TerminalChunk, TerminalStream } from '@farol/ui/connections';

const ESC = '\x1b';
export const PROMPT = `${ESC}[1;32mana@srv-db01${ESC}[0m:${ESC}[1;34m~${ESC}[0m$ `;

/** A short session: a command, its coloured output, a link, and the prompt again. */
export const SAMPLE_OUTPUT = [
  'Linux srv-db01 6.1.0-27-amd64 #1 SMP Debian 6.1.115-1 x86_64\r\n',
  'Documentação: https://www.debian.org/doc/\r\n\r\n',
  `${PROMPT}systemctl status nginx --no-pager\r\n`,
  `${ESC}[1;32m●${ESC}[0m nginx.service - A high performance web server\r\n`,
  `     Active: ${ESC}[1;32mactive (running)${ESC}[0m since seg 2026-11-23 08:12:44 -03\r\n`,
  '   Main PID: 812 (nginx)\r\n',
  '      Tasks: 3 (limit: 4657)\r\n',
  `${PROMPT}tail -n 2 /var/log/nginx/error.log\r\n`,
  '2026/11/28 02:10:01 [warn] 812#812: upstream server temporarily disabled\r\n',
  '2026/11/28 02:10:07 [error] 812#812: connect() failed (111: Connection refused)\r\n',
  PROMPT,
].join('');

/** A stream that hands every subscriber the given output at once (the gateway's socket in the app). */
export const staticStream = (...chunks: TerminalChunk[]): TerminalStream => ({
  subscribe(listener) {
    for (const chunk of chunks) listener(chunk);
    return () => {};
  },
});

export const FINGERPRINT_NEW = 'SHA256:nThbg6kXUpJWGl7E1IGOCspRomTxdCARLviKw6E5SY8';
export const FINGERPRINT_PINNED = 'SHA256:47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU';

const line = (...value: unknown[]) => JSON.stringify(value);

/**
 * A recorded SSH session (asciicast v2): three commands typed (echoed as typed, as a shell does), with their
 * output. Enter on `sudo systemctl restart nginx` at 3 s.
 */
export const SAMPLE_CAST = [
  JSON.stringify({ version: 2, width: 80, height: 16, timestamp: 1_764_300_000, title: 'srv-db01' }),
  line(0.1, 'o', PROMPT),
  line(0.8, 'o', 'uptime'),
  line(1.0, 'i', 'uptime\r'),
  line(1.01, 'o', '\r\n'),
  line(1.2, 'o', ' 02:14:33 up 41 days,  3:02,  1 user,  load average: 0,08, 0,12, 0,10\r\n'),
  line(1.25, 'o', PROMPT),
  line(2.6, 'o', 'sudo systemctl restart nginx'),
  line(3.0, 'i', 'sudo systemctl restart nginx\r'),
  line(3.01, 'o', '\r\n'),
  line(4.0, 'o', '[sudo] senha para ana: \r\n'),
  line(6.2, 'o', PROMPT),
  line(7.2, 'o', 'systemctl is-active nginx'),
  line(7.5, 'i', 'systemctl is-active nginx\r'),
  line(7.51, 'o', '\r\n'),
  line(7.7, 'o', `${ESC}[1;32mactive${ESC}[0m\r\n`),
  line(8.0, 'o', PROMPT),
].join('\n');
