import type { Connection, ConnectionLaunch } from '@farol/data';
import { useLaunchConnection } from '@farol/data/connections';
import { ConnectReasonDialog, LaunchMenu, type LaunchAction } from '@farol/ui/connections';
import { toast } from '@farol/ui';
import { useState } from 'react';
import { failureMessage } from '../../../lib/form-errors';
import { saveFile } from '../../../lib/save-file';

/** Does what the chosen action says with the server's answer (a link, an .rdp file, a command). */
export async function applyLaunch(action: LaunchAction, launch: ConnectionLaunch): Promise<void> {
  if (action === 'copy_command') {
    await navigator.clipboard.writeText(launch.command);
    toast.success('Comando copiado', { description: launch.command });
    return;
  }
  if (action === 'rdp_file') {
    if (!launch.file) throw new Error('O servidor não mandou o arquivo .rdp.');
    saveFile(new Blob([launch.file.content], { type: 'application/x-rdp' }), launch.file.name);
    toast.success('Arquivo .rdp baixado', { description: 'Abra-o com a Área de Trabalho Remota.' });
    return;
  }
  if (!launch.href) throw new Error('O servidor não mandou o endereço.');
  if (action === 'browser') window.open(launch.href, '_blank', 'noopener,noreferrer');
  // ssh://, telnet://, vnc://: the system hands the link to the app registered for it.
  else window.location.assign(launch.href);
}

/**
 * "Abrir ▾" for one connection: each action asks the server for the link, file or command (recorded as a
 * session "iniciada externamente"); a connection that requires a reason asks for it first.
 */
export function ConnectionLaunchMenu({
  connection,
  ticketId = null,
}: {
  connection: Pick<Connection, 'id' | 'name' | 'protocol' | 'require_reason'>;
  ticketId?: number | null;
}) {
  const launch = useLaunchConnection(connection.id);
  const [asking, setAsking] = useState<LaunchAction | null>(null);

  const run = (action: LaunchAction, reason?: string) => {
    launch.mutate(
      { ...(reason ? { reason } : {}), ...(ticketId ? { ticket_id: ticketId } : {}) },
      {
        onSuccess: (answer) => {
          setAsking(null);
          applyLaunch(action, answer).catch((error: unknown) =>
            toast.error('Não foi possível abrir', {
              description: error instanceof Error ? error.message : 'Tente novamente.',
            }),
          );
        },
        onError: (error) => {
          if (!asking)
            toast.error('Não foi possível abrir', { description: failureMessage(error, 'Tente novamente.') });
        },
      },
    );
  };

  return (
    <>
      <LaunchMenu
        protocol={connection.protocol}
        name={connection.name}
        disabled={launch.isPending}
        onLaunch={(action) => (connection.require_reason ? setAsking(action) : run(action))}
      />
      {asking ? (
        <ConnectReasonDialog
          open
          onOpenChange={(open) => (open ? null : setAsking(null))}
          name={connection.name}
          requireReason
          pending={launch.isPending}
          error={launch.isError ? failureMessage(launch.error, 'Não foi possível abrir.') : undefined}
          onSubmit={(request) => run(asking, request.reason)}
        />
      ) : null}
    </>
  );
}
