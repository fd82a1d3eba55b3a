/**
 * Redeeming a connect ticket (issue 15): the gateway presents the ticket the browser got from
 * POST /api/connections/:id/sessions. It is good once, for 30 seconds, for the login session that asked for
 * it; the person must still hold connections.connect and reach the company, and the target must still pass
 * the egress policy. The credential is then opened in memory for the gateway — never sent to the browser.
 */
import { hasPermissions, type AuthUser } from '../../auth/types';
import type { Database } from '../../db/database';
import { companyScopeOf } from '../../http/access';
import { scopeReachesCompany } from '../../http/company-scope';
import { type ConnectionRow, loadConnection } from './repository';
import { hashTicket, type ConnectionService, type OpenCredential } from './service';
import { checkTarget, loadTargetPolicy, type Resolver, systemResolver } from './target-policy';

export type RedeemRefusal =
  /** No such ticket. */
  | 'invalid'
  | 'expired'
  | 'used'
  /** Another login session (or person) presented it. */
  | 'wrong_session'
  /** The person lost the key or the company since. */
  | 'forbidden'
  /** The connection or the session is gone or already over. */
  | 'gone'
  | 'target_refused'
  /** No credential to connect with (none typed, none of their own, no usar on the vault item). */
  | 'credential_missing';

export interface RedeemedSession {
  id: number;
  userId: number;
  companyId: number | null;
  ticketId: number | null;
  record: boolean;
  reason: string | null;
}

export type RedeemResult =
  | {
      ok: true;
      session: RedeemedSession;
      connection: ConnectionRow;
      credential: OpenCredential;
      /**
       * The addresses the target policy checked for the first hop (the jump host when there is one): connect
       * to these, not to the name again.
       */
      addresses: string[];
      jump: { connection: ConnectionRow; credential: OpenCredential } | null;
    }
  | { ok: false; reason: RedeemRefusal; message: string };

export interface RedeemDeps {
  db: Database;
  service: ConnectionService;
  ownPorts: () => readonly number[];
  resolve?: Resolver;
}

export interface RedeemLogin {
  /** SHA-256 (hex) of the login session's token, as `sessions.token_hash` holds it. */
  tokenHash: string;
  user: AuthUser;
  ip: string | null;
}

const refusal = (reason: RedeemRefusal, message: string): RedeemResult => ({ ok: false, reason, message });

/**
 * Redeems a ticket for a login session. Marks it used before anything else (a second presentation is
 * refused whatever happens next); a refusal after that ends the session's record as "erro".
 */
export const redeemConnectTicket = async (
  deps: RedeemDeps,
  rawTicket: string,
  login: RedeemLogin,
): Promise<RedeemResult> => {
  const { db, service } = deps;
  const { rows } = await db.query<{
    id: number;
    session_id: number;
    user_id: number;
    login_hash: string | null;
    expired: boolean;
    used: boolean;
  }>(
    `SELECT t.id, t.session_id, t.user_id, ls.token_hash AS login_hash, t.expires_at <= now() AS expired,
            t.used_at IS NOT NULL AS used
       FROM connection_tickets t LEFT JOIN sessions ls ON ls.id = t.login_session_id
      WHERE t.token_hash = $1`,
    [hashTicket(rawTicket)],
  );
  const ticket = rows[0];
  if (!ticket) return refusal('invalid', 'Ticket de conexão inválido.');
  if (ticket.used) return refusal('used', 'Este ticket de conexão já foi usado.');
  if (ticket.expired) return refusal('expired', 'O ticket de conexão expirou. Conecte de novo.');
  if (ticket.login_hash !== login.tokenHash || ticket.user_id !== login.user.id)
    return refusal('wrong_session', 'Este ticket de conexão é de outra sessão.');
  const claimed = await db.query(
    'UPDATE connection_tickets SET used_at = now() WHERE id = $1 AND used_at IS NULL AND expires_at > now() RETURNING id',
    [ticket.id],
  );
  if (claimed.rows.length === 0) return refusal('used', 'Este ticket de conexão já foi usado.');

  const typed = service.takeCredential(ticket.session_id);
  const fail = async (reason: RedeemRefusal, message: string): Promise<RedeemResult> => {
    await service.finishSession(ticket.session_id, {
      reason: 'erro',
      endedBy: null,
      bytesIn: 0,
      bytesOut: 0,
    });
    return refusal(reason, message);
  };

  const session = (
    await db.query<{
      id: number;
      connection_id: number;
      company_id: number | null;
      ticket_id: number | null;
      record: boolean;
      reason: string | null;
      state: string;
    }>(
      'SELECT id, connection_id, company_id, ticket_id, record, reason, state FROM connection_sessions WHERE id = $1',
      [ticket.session_id],
    )
  ).rows[0];
  if (!session || session.state !== 'pendente') return refusal('gone', 'Esta sessão já terminou.');
  const connection = await loadConnection(db, session.connection_id);
  if (!connection) return fail('gone', 'A conexão não existe mais.');
  if (
    !hasPermissions(login.user, ['connections.connect']) ||
    !scopeReachesCompany(companyScopeOf(login.user), connection.company_id, { unassigned: true })
  )
    return fail('forbidden', 'Você não tem permissão para conectar.');

  let jump: { connection: ConnectionRow; credential: OpenCredential } | null = null;
  let egress: { host: string; port: number } = connection;
  if (connection.jump_connection_id !== null) {
    const jumpRow = await loadConnection(db, connection.jump_connection_id);
    if (!jumpRow) return fail('gone', 'A conexão de salto não existe mais.');
    // The server connects to the jump host only; the target is reached from there.
    egress = jumpRow;
    const jumpCredential = await service.openCredential(jumpRow, login.user, typed);
    if ('refusal' in jumpCredential)
      return fail('credential_missing', `Salto ${jumpRow.name}: ${jumpCredential.refusal}`);
    jump = { connection: jumpRow, credential: jumpCredential };
  }
  const verdict = await checkTarget(
    { host: egress.host, port: egress.port },
    await loadTargetPolicy(db, connection.company_id, deps.ownPorts()),
    deps.resolve ?? systemResolver,
  );
  if (!verdict.ok) return fail('target_refused', verdict.message);

  const credential =
    connection.protocol === 'vnc' && connection.credential_mode === 'pedir' && !typed
      ? ({ username: '', password: null, privateKey: null, passphrase: null } satisfies OpenCredential)
      : await service.openCredential(connection, login.user, typed);
  if ('refusal' in credential) return fail('credential_missing', credential.refusal);

  const started = await db.query(
    `UPDATE connection_sessions SET state = 'ativa', connected_at = now(), client_ip = COALESCE($2, client_ip)
      WHERE id = $1 AND state = 'pendente' RETURNING id`,
    [session.id, login.ip],
  );
  if (started.rows.length === 0) return refusal('gone', 'Esta sessão já terminou.');
  await service.sessionStarted(session.id, connection, login.user, login.ip);
  return {
    ok: true,
    session: {
      id: session.id,
      userId: login.user.id,
      companyId: session.company_id,
      ticketId: session.ticket_id,
      record: session.record,
      reason: session.reason,
    },
    connection,
    credential,
    addresses: verdict.addresses,
    jump,
  };
};
