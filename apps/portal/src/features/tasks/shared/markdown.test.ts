import { describe, expect, it } from 'vitest';
import { mentionsOf, parseInline, parseMarkdown } from './markdown';

describe('parseInline', () => {
  it('reads bold, italic, code, links, #refs and @mentions', () => {
    expect(parseInline('Ver **#123** com @Ana.Souza e `npm ci` em *breve*')).toEqual([
      { kind: 'text', text: 'Ver ' },
      { kind: 'strong', children: [{ kind: 'ref', target: 'task', number: 123, text: '#123' }] },
      { kind: 'text', text: ' com ' },
      { kind: 'mention', name: 'ana.souza' },
      { kind: 'text', text: ' e ' },
      { kind: 'code', text: 'npm ci' },
      { kind: 'text', text: ' em ' },
      { kind: 'em', children: [{ kind: 'text', text: 'breve' }] },
    ]);
  });

  it('keeps an unsafe link target as plain text and links https', () => {
    expect(parseInline('[x](javascript:alert(1))')[0]).toEqual({
      kind: 'text',
      text: '[x](javascript:alert(1)',
    });
    expect(parseInline('veja https://farol.dev/a.')).toEqual([
      { kind: 'text', text: 'veja ' },
      {
        kind: 'link',
        href: 'https://farol.dev/a',
        children: [{ kind: 'text', text: 'https://farol.dev/a' }],
      },
      { kind: 'text', text: '.' },
    ]);
  });

  it('reads "chamado #1001" as a chamado and drops a full stop after a mention', () => {
    expect(parseInline('Veja o chamado #1001, @bruno.')).toEqual([
      { kind: 'text', text: 'Veja o ' },
      { kind: 'ref', target: 'ticket', number: 1001, text: 'chamado #1001' },
      { kind: 'text', text: ', ' },
      { kind: 'mention', name: 'bruno' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('does not read an e-mail, a URL fragment or a heading mark as a mention or reference', () => {
    expect(parseInline('ana@farol.dev')).toEqual([{ kind: 'text', text: 'ana@farol.dev' }]);
    expect(parseInline('a#12')).toEqual([{ kind: 'text', text: 'a#12' }]);
    expect(parseInline('item #abc')).toEqual([{ kind: 'text', text: 'item #abc' }]);
  });
});

describe('parseMarkdown', () => {
  it('splits headings, lists with checkboxes, quotes, code and paragraphs', () => {
    const blocks = parseMarkdown(
      '## Passos\n\n- [x] Backup\n- [ ] Trocar toner\n\n1. um\n2. dois\n\n> cuidado\n\n```\nrm -rf\n```\nfim\nlinha',
    );
    expect(blocks.map((block) => block.kind)).toEqual([
      'heading',
      'list',
      'list',
      'quote',
      'code',
      'paragraph',
    ]);
    expect(blocks[1]).toMatchObject({
      ordered: false,
      items: [{ checked: true }, { checked: false }],
    });
    expect(blocks[2]).toMatchObject({ ordered: true, items: [{ checked: null }, { checked: null }] });
    expect(blocks[4]).toEqual({ kind: 'code', text: 'rm -rf' });
    expect(blocks[5]).toEqual({
      kind: 'paragraph',
      children: [{ kind: 'text', text: 'fim' }, { kind: 'break' }, { kind: 'text', text: 'linha' }],
    });
  });
});

describe('mentionsOf', () => {
  it('lists each mention once', () => {
    expect(mentionsOf('@ana e @bruno, de novo @ana')).toEqual(['ana', 'bruno']);
  });
});
