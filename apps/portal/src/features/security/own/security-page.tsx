import { twoFactorSetupRequired } from '@farol/data';
import { ShieldAlertIcon } from 'lucide-react';
import { WidgetCard } from '../../../lib/widget-card';
import { LoginHistory } from '../shared/login-history';
import { SessionList } from '../shared/session-list';
import { TwoFactorCard } from './two-factor-card';

/** /settings/security: one's own two-factor sign-in, active sessions and login history (staff and clients). */
export function SecurityPage() {
  const mustEnrol = twoFactorSetupRequired();
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <h1 className="text-2xl font-semibold">Segurança da conta</h1>
      {mustEnrol ? (
        <p
          role="alert"
          className="flex items-start gap-2 rounded-lg border border-destructive/50 p-3 text-sm"
        >
          <ShieldAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />A
          verificação em duas etapas é obrigatória para a sua função. Ative-a para continuar usando o Farol.
        </p>
      ) : null}
      <WidgetCard title="Verificação em duas etapas">
        <TwoFactorCard />
      </WidgetCard>
      <WidgetCard title="Sessões ativas">
        <SessionList />
      </WidgetCard>
      <WidgetCard title="Histórico de acesso">
        <LoginHistory />
      </WidgetCard>
    </div>
  );
}
