import type { TerminalCloseReason } from '@farol/data';
import type { SessionEndReasonView } from '@farol/ui/connections';

/** The gateway's close reason as the ended panel tells it. */
export const endReasonOf = (reason: TerminalCloseReason): SessionEndReasonView => {
  switch (reason) {
    case 'encerrada':
      return 'usuario';
    case 'remoto':
      return 'desconectado';
    case 'ociosa':
      return 'inatividade';
    case 'duracao_maxima':
      return 'duracao_maxima';
    case 'encerrada_por_admin':
      return 'administrador';
    case 'ticket_invalido':
      return 'ticket_expirado';
    default:
      return 'erro';
  }
};
