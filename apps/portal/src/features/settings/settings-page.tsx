import { isClient, readStoredTheme, storeTheme, useSession, useUpdateProfile } from '@farol/data';
import { Button, THEMES, applyTheme, buttonVariants, cn, isThemeId, toast } from '@farol/ui';
import { CheckIcon, LogOutIcon } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { WidgetCard } from '../../lib/widget-card';

/** The theme on screen: what is stored on this device, else the profile's, else the default. */
function currentTheme(profileTheme: string | undefined): string {
  const stored = readStoredTheme();
  if (isThemeId(stored)) return stored;
  return isThemeId(profileTheme) ? profileTheme : 'default';
}

function ThemePicker() {
  const { user } = useSession();
  const update = useUpdateProfile();
  const [selected, setSelected] = useState(() => currentTheme(user?.theme));

  const choose = (id: string) => {
    const applied = applyTheme(id);
    setSelected(applied);
    // Both keys (design.md §3), read by the inline script before the next first paint.
    storeTheme(applied);
    // Fire and forget (spec §7): the device keeps the theme even if the server is unreachable; the person
    // hears that it was not saved to their account (the same toast id, so it replaces the confirmation).
    update.mutate(
      { theme: applied },
      {
        onError: () =>
          toast.error('Tema aplicado neste dispositivo, mas não foi possível salvá-lo na sua conta.', {
            id: 'theme-applied',
          }),
      },
    );
    // One toast for the theme: trying several in a row replaces it rather than piling up.
    toast.success(`Tema ${THEMES.find((theme) => theme.id === applied)?.label ?? applied} aplicado.`, {
      id: 'theme-applied',
    });
  };

  return (
    <fieldset className="p-4">
      <legend className="sr-only">Tema de cores</legend>
      <div role="radiogroup" aria-label="Tema de cores" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {THEMES.map((theme) => {
          const checked = theme.id === selected;
          return (
            <button
              key={theme.id}
              type="button"
              role="radio"
              aria-checked={checked}
              onClick={() => choose(theme.id)}
              className={cn(
                'flex items-center gap-3 rounded-lg border bg-background p-3 text-left outline-none',
                'hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring',
                checked && 'border-primary ring-1 ring-primary',
              )}
            >
              <span
                aria-hidden="true"
                className="flex h-10 w-16 shrink-0 overflow-hidden rounded-md border"
                style={{ background: theme.swatches.background }}
              >
                <span className="m-1.5 flex-1 rounded-sm" style={{ background: theme.swatches.surface }} />
                <span
                  className="my-1.5 mr-1.5 w-3 rounded-sm"
                  style={{ background: theme.swatches.primary }}
                />
              </span>
              <span className="flex-1 text-sm font-medium">{theme.label}</span>
              {checked ? <CheckIcon aria-hidden="true" className="size-4 text-primary" /> : null}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}

/** /settings: the colour theme and signing out of this device. */
export function SettingsPage() {
  const { user, logout } = useSession();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <WidgetCard title="Aparência">
        <p className="px-4 pt-4 text-sm text-muted-foreground">
          O tema é aplicado na hora e salvo no seu perfil e neste dispositivo.
        </p>
        <ThemePicker />
      </WidgetCard>
      <WidgetCard title="Segurança">
        <div className="flex flex-wrap items-center justify-between gap-3 p-4">
          <p className="text-sm text-muted-foreground">
            Verificação em duas etapas, sessões ativas e histórico de acesso da sua conta.
          </p>
          <Link to="/settings/security" className={buttonVariants({ variant: 'outline' })}>
            Segurança da conta
          </Link>
        </div>
      </WidgetCard>
      <WidgetCard title="Sessão">
        <div className="flex flex-wrap items-center justify-between gap-3 p-4">
          <p className="text-sm text-muted-foreground">
            Encerra a sessão neste navegador, em todas as abas abertas.
          </p>
          <Button
            variant="destructive"
            disabled={leaving}
            onClick={async () => {
              setLeaving(true);
              const to = isClient(user) ? '/portal/login' : '/login';
              await logout();
              void navigate(to, { replace: true });
            }}
          >
            <LogOutIcon aria-hidden="true" />
            Sair deste dispositivo
          </Button>
        </div>
      </WidgetCard>
    </div>
  );
}
