/** The first focusable element of every layout: straight to the page's content. */
export function SkipLink({ target = 'conteudo' }: { target?: string }) {
  return (
    <a
      href={`#${target}`}
      className="sr-only z-[100] rounded-md bg-primary px-4 py-2 text-sm font-medium text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:outline-none focus:ring-2 focus:ring-ring"
    >
      Pular para o conteúdo
    </a>
  );
}
