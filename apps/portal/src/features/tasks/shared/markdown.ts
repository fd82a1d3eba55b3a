// A small, safe Markdown reader for task descriptions and comments: it builds a tree of plain values that
// React renders as elements (never HTML strings), so nothing a person types can inject markup.
// Supported: paragraphs, line breaks, headings (#, ##, ###, with a space), bullet and numbered lists,
// task-list items (- [ ] / - [x]), > quotes, fenced code, `code`, **bold**, *italic*, [text](https://…),
// bare https:// links, @menções and #123 references.

export type Inline =
  | { kind: 'text'; text: string }
  | { kind: 'strong'; children: Inline[] }
  | { kind: 'em'; children: Inline[] }
  | { kind: 'code'; text: string }
  | { kind: 'link'; href: string; children: Inline[] }
  /** `#123` a task by its number; `chamado #123` a chamado (the contract's extractReferences rule). */
  | { kind: 'ref'; target: 'task' | 'ticket'; number: number; text: string }
  | { kind: 'mention'; name: string }
  | { kind: 'break' };

export type Block =
  | { kind: 'paragraph'; children: Inline[] }
  | { kind: 'heading'; level: 1 | 2 | 3; children: Inline[] }
  | { kind: 'list'; ordered: boolean; items: Array<{ checked: boolean | null; children: Inline[] }> }
  | { kind: 'quote'; children: Inline[] }
  | { kind: 'code'; text: string };

const SAFE_URL = /^(https?:\/\/|mailto:|\/)/i;

// One alternation, first match wins at each position: code, bold, italic, link, bare URL, #ref, @mention.
const INLINE =
  /`([^`\n]+)`|\*\*([^*\n]+?)\*\*|(?<![\w*])\*([^*\n]+?)\*(?![\w*])|\[([^\]\n]+)\]\(([^)\s]+)\)|(https?:\/\/[^\s<>()]+[^\s<>().,;:!?])|((?:chamado\s+)?)(?<![\w&/#])#(\d{1,9})\b|(?<![\w@.])@([a-z0-9][\w.-]{0,63})/giu;

/** The inline marks of one line or paragraph (line breaks inside kept as `break`). */
export function parseInline(source: string): Inline[] {
  const out: Inline[] = [];
  const lines = source.split('\n');
  lines.forEach((line, index) => {
    if (index > 0) out.push({ kind: 'break' });
    let last = 0;
    for (const match of line.matchAll(INLINE)) {
      const at = match.index ?? 0;
      if (at > last) out.push({ kind: 'text', text: line.slice(last, at) });
      last = at + match[0].length;
      const [, code, bold, italic, linkText, linkHref, bare, ticketWord, ref, mention] = match;
      if (code !== undefined) out.push({ kind: 'code', text: code });
      else if (bold !== undefined) out.push({ kind: 'strong', children: parseInline(bold) });
      else if (italic !== undefined) out.push({ kind: 'em', children: parseInline(italic) });
      else if (linkText !== undefined && linkHref !== undefined) {
        // An unsafe target (javascript:, data:) stays as the text it was typed as.
        if (SAFE_URL.test(linkHref))
          out.push({ kind: 'link', href: linkHref, children: parseInline(linkText) });
        else out.push({ kind: 'text', text: match[0] });
      } else if (bare !== undefined)
        out.push({ kind: 'link', href: bare, children: [{ kind: 'text', text: bare }] });
      else if (ref !== undefined)
        out.push({
          kind: 'ref',
          target: ticketWord ? 'ticket' : 'task',
          number: Number(ref),
          text: match[0],
        });
      else if (mention !== undefined) {
        // A sentence's full stop after a login is not part of it.
        const login = mention.replace(/[.-]+$/, '');
        out.push({ kind: 'mention', name: login.toLowerCase() });
        last -= mention.length - login.length;
      }
    }
    if (last < line.length) out.push({ kind: 'text', text: line.slice(last) });
  });
  return out;
}

const LIST_ITEM = /^\s*(?:([-*+])|(\d{1,9})[.)])\s+(?:\[( |x|X)\]\s+)?(.*)$/;

/** The blocks of a Markdown text. */
export function parseMarkdown(source: string): Block[] {
  const blocks: Block[] = [];
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: 'paragraph', children: parseInline(paragraph.join('\n')) });
    paragraph = [];
  };
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index]!;
    if (/^\s*```/.test(line)) {
      flush();
      const code: string[] = [];
      index += 1;
      while (index < lines.length && !/^\s*```/.test(lines[index]!)) code.push(lines[index++]!);
      blocks.push({ kind: 'code', text: code.join('\n') });
      continue;
    }
    if (!line.trim()) {
      flush();
      continue;
    }
    const heading = /^(#{1,3})\s+(.+)$/.exec(line);
    if (heading) {
      flush();
      blocks.push({
        kind: 'heading',
        level: heading[1]!.length as 1 | 2 | 3,
        children: parseInline(heading[2]!.trim()),
      });
      continue;
    }
    if (/^>\s?/.test(line)) {
      flush();
      const quote: string[] = [];
      while (index < lines.length && /^>\s?/.test(lines[index]!))
        quote.push(lines[index++]!.replace(/^>\s?/, ''));
      index -= 1;
      blocks.push({ kind: 'quote', children: parseInline(quote.join('\n')) });
      continue;
    }
    const item = LIST_ITEM.exec(line);
    if (item) {
      flush();
      const ordered = item[2] !== undefined;
      const items: Array<{ checked: boolean | null; children: Inline[] }> = [];
      while (index < lines.length) {
        const next = LIST_ITEM.exec(lines[index]!);
        if (!next || (next[2] !== undefined) !== ordered) break;
        items.push({
          checked: next[3] === undefined ? null : next[3].toLowerCase() === 'x',
          children: parseInline(next[4] ?? ''),
        });
        index += 1;
      }
      index -= 1;
      blocks.push({ kind: 'list', ordered, items });
      continue;
    }
    paragraph.push(line);
  }
  flush();
  return blocks;
}

/** The @menções of a text, each once, as typed (without the @). */
export function mentionsOf(source: string): string[] {
  const names = new Set<string>();
  const walk = (nodes: Inline[]) => {
    for (const node of nodes) {
      if (node.kind === 'mention') names.add(node.name);
      else if ('children' in node) walk(node.children);
    }
  };
  walk(parseInline(source));
  return [...names];
}
