import { isApiError } from '@farol/data';
import { RECOVERY_CODE_COUNT, useResetTwoFactor, useUserSecurity } from '@farol/data/security';
import { Badge, Button, ConfirmDialog, toast } from '@farol/ui';
import type { UserPageSectionProps } from '../../../lib/module-registry';
import { failureMessage } from '../../../lib/form-errors';
import { WidgetError, WidgetLoading } from '../../../lib/widget-card';
import { formatDateTime } from '../shared/format';
import { LoginHistory } from '../shared/login-history';
import { SessionList } from '../shared/session-list';

/** The "Segurança" section of a person's page (who manages users): 2FA state and reset, sessions, history. */
export function UserSecuritySection(props: UserPageSectionProps) {
  return (
    // The page already wraps the section in a landmark named "Segurança": a heading, not a second region.
    <div className="rounded-xl border bg-card text-card-foreground">
      <h2 className="border-b px-4 py-3 font-semibold">Segurança</h2>
      <UserSecurity {...props} />
    </div>
  );
}

function UserSecurity({ user }: UserPageSectionProps) {
  const state = useUserSecurity(user.id);
  const reset = useResetTwoFactor(user.id);

  if (state.isPending) return <WidgetLoading label="Carregando segurança…" />;
  if (state.isError) {
    if (isApiError(state.error) && state.error.status === 403) {
      return (
        <p className="p-4 text-sm">
          {failureMessage(state.error, 'Você não pode ver a segurança desta pessoa.')}
        </p>
      );
    }
    return (
      <WidgetError message="Não foi possível carregar a segurança." onRetry={() => void state.refetch()} />
    );
  }
  const twoFactor = state.data;
  const doReset = async () => {
    try {
      await reset.mutateAsync();
      toast.success(`Verificação em duas etapas de ${user.name} redefinida.`);
    } catch (error) {
      throw new Error(failureMessage(error, 'Não foi possível redefinir.'));
    }
  };
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-2 px-4 pt-4 text-sm">
        <span className="font-medium">Verificação em duas etapas:</span>
        <Badge variant={twoFactor.enabled ? 'secondary' : 'outline'}>
          {twoFactor.enabled ? 'Ativada' : 'Desativada'}
        </Badge>
        {twoFactor.required ? <Badge variant="destructive">Obrigatória</Badge> : null}
        {twoFactor.enabled ? (
          <span className="text-muted-foreground">
            desde {formatDateTime(twoFactor.enabled_at)} · {twoFactor.recovery_codes_left} de{' '}
            {RECOVERY_CODE_COUNT} códigos de recuperação
          </span>
        ) : null}
        {twoFactor.enabled ? (
          <ConfirmDialog
            trigger={
              <Button size="sm" variant="outline" className="ml-auto">
                Redefinir 2FA
              </Button>
            }
            title={`Redefinir a verificação em duas etapas de ${user.name}?`}
            description="O aplicativo e os códigos de recuperação deixam de valer, a pessoa sai de todas as sessões e precisará ativar de novo."
            confirmLabel="Redefinir"
            variant="destructive"
            onConfirm={doReset}
          />
        ) : null}
      </div>
      <section aria-label="Sessões ativas">
        <h3 className="px-4 pt-2 text-sm font-semibold">Sessões ativas</h3>
        <SessionList userId={user.id} />
      </section>
      <section aria-label="Histórico de acesso">
        <h3 className="px-4 pt-2 text-sm font-semibold">Histórico de acesso</h3>
        <LoginHistory userId={user.id} />
      </section>
    </div>
  );
}
