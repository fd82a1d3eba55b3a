import { cn } from '@farol/ui';
import { Fragment, useMemo, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { parseMarkdown, type Inline } from './markdown';

export interface ReferenceTarget {
  href: string;
  /** How the link reads to a screen reader ("tarefa #12: Trocar toner", "chamado #123"). */
  label: string;
}

export interface MarkdownViewProps {
  source: string;
  /** Where `#123` (a task) or `chamado #123` leads. */
  resolveRef: (target: 'task' | 'ticket', number: number) => ReferenceTarget;
  className?: string;
}

const LINK_CLASS =
  'font-medium text-primary underline underline-offset-2 outline-none focus-visible:ring-2 focus-visible:ring-ring rounded-sm';

function renderInline(nodes: Inline[], resolveRef: MarkdownViewProps['resolveRef']): ReactNode[] {
  return nodes.map((node, index) => {
    switch (node.kind) {
      case 'text':
        return <Fragment key={index}>{node.text}</Fragment>;
      case 'break':
        return <br key={index} />;
      case 'strong':
        return <strong key={index}>{renderInline(node.children, resolveRef)}</strong>;
      case 'em':
        return <em key={index}>{renderInline(node.children, resolveRef)}</em>;
      case 'code':
        return (
          <code key={index} className="rounded bg-muted px-1 py-0.5 font-mono text-[0.85em]">
            {node.text}
          </code>
        );
      case 'link':
        return node.href.startsWith('/') ? (
          <Link key={index} to={node.href} className={LINK_CLASS}>
            {renderInline(node.children, resolveRef)}
          </Link>
        ) : (
          <a key={index} href={node.href} className={LINK_CLASS} target="_blank" rel="noreferrer noopener">
            {renderInline(node.children, resolveRef)}
          </a>
        );
      case 'ref': {
        const target = resolveRef(node.target, node.number);
        return (
          <Link key={index} to={target.href} className={LINK_CLASS} aria-label={target.label}>
            {node.text}
          </Link>
        );
      }
      case 'mention':
        return (
          <span key={index} className="rounded bg-primary/15 px-1 font-medium text-foreground">
            @{node.name}
          </span>
        );
    }
  });
}

/** A description or comment written in Markdown, as elements (never as HTML). */
export function MarkdownView({ source, resolveRef, className }: MarkdownViewProps) {
  const blocks = useMemo(() => parseMarkdown(source), [source]);
  return (
    <div className={cn('flex min-w-0 flex-col gap-2 text-sm break-words', className)}>
      {blocks.map((block, index) => {
        switch (block.kind) {
          case 'paragraph':
            return <p key={index}>{renderInline(block.children, resolveRef)}</p>;
          case 'heading': {
            // Inside a panel whose title is an h2, the text's own headings read as h3 and below.
            const Tag = (['h3', 'h4', 'h5'] as const)[block.level - 1]!;
            return (
              <Tag key={index} className="font-semibold">
                {renderInline(block.children, resolveRef)}
              </Tag>
            );
          }
          case 'quote':
            return (
              <blockquote key={index} className="border-l-2 pl-3 text-muted-foreground">
                {renderInline(block.children, resolveRef)}
              </blockquote>
            );
          case 'code':
            return (
              <pre key={index} className="overflow-x-auto rounded-md bg-muted p-2 font-mono text-xs">
                <code>{block.text}</code>
              </pre>
            );
          case 'list': {
            const Tag = block.ordered ? 'ol' : 'ul';
            return (
              <Tag
                key={index}
                className={cn('flex flex-col gap-1 pl-5', block.ordered ? 'list-decimal' : 'list-disc')}
              >
                {block.items.map((item, itemIndex) => (
                  <li key={itemIndex} className={item.checked === null ? undefined : 'list-none -ml-5'}>
                    {item.checked === null ? null : (
                      <span aria-label={item.checked ? 'Feito: ' : 'A fazer: '} className="mr-1.5">
                        {item.checked ? '☑' : '☐'}
                      </span>
                    )}
                    {renderInline(item.children, resolveRef)}
                  </li>
                ))}
              </Tag>
            );
          }
        }
      })}
    </div>
  );
}
