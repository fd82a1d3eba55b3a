import { describe, expect, it } from 'vitest';
import { InputLines, SecretInputFilter } from '../src/modules/connections/gateway/recording';

/** What a recording keeps of a session: the filtered input, as the search index would read its lines. */
const recorded = (steps: Array<['o' | 'i', string]>) => {
  const filter = new SecretInputFilter();
  const inputs: string[] = [];
  const lines: string[] = [];
  const index = new InputLines((line) => lines.push(line));
  for (const [kind, text] of steps) {
    if (kind === 'o') filter.output(text);
    else {
      const kept = filter.input(text);
      inputs.push(kept);
      index.push(kept, 0);
    }
  }
  return { input: inputs.join(''), lines };
};

describe('typed secrets stay out of recordings', () => {
  it('leaves out what is typed at sudo’s password prompt, and records the next command again', () => {
    const { input, lines } = recorded([
      ['o', 'ana@srv-db01:~$ '],
      ['i', 'sudo systemctl restart nginx\r'],
      ['o', 'sudo systemctl restart nginx\r\n[sudo] password for ana: '],
      ['i', 'S3nh'],
      ['i', 'a!\r'],
      ['o', '\r\nana@srv-db01:~$ '],
      ['i', 'uptime\r'],
    ]);
    expect(input).not.toContain('S3nh');
    expect(input).not.toContain('a!');
    expect(lines).toEqual(['sudo systemctl restart nginx', 'uptime']);
  });

  it('knows the prompts of ssh, passwd, Portuguese systems and 2FA, with colours around them', () => {
    for (const prompt of [
      "Enter passphrase for key '/home/ana/.ssh/id_ed25519': ",
      'Senha: ',
      'Nova senha:',
      'Verification code: ',
      '\u001b[1mPassword:\u001b[0m ',
      "root@10.0.0.5's password: ",
    ]) {
      const { input } = recorded([
        ['o', prompt],
        ['i', 'segredo\r'],
      ]);
      expect(input, prompt).toBe('\r');
    }
  });

  it('records ordinary input, including a command that mentions a password', () => {
    const { input, lines } = recorded([
      ['o', 'ana@srv-db01:~$ '],
      ['i', 'grep password /etc/app.conf\r'],
      ['o', 'grep password /etc/app.conf\r\npassword_file=/run/secret\r\nana@srv-db01:~$ '],
      ['i', 'ls\r'],
    ]);
    expect(input).toBe('grep password /etc/app.conf\rls\r');
    expect(lines).toEqual(['grep password /etc/app.conf', 'ls']);
  });
});
