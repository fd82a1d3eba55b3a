import type { ReactNode } from 'react';

/** The frame of the pages one reaches without a session (an invitation, a reset link): a centred card. */
export function PublicCard({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <main id="conteudo" className="flex min-h-svh items-center justify-center px-4 py-10">
      <div className="w-full max-w-md rounded-xl border bg-card p-6 shadow-lg sm:p-8">
        <div className="mb-6 flex flex-col gap-2 text-center">
          <h1 className="text-2xl font-semibold">{title}</h1>
          {intro ? <p className="text-sm text-muted-foreground">{intro}</p> : null}
        </div>
        {children}
      </div>
    </main>
  );
}
