/**
 * The connections core as the gateway (gateway/, issue 15) sees it: tickets redeemed into endpoints with
 * their credentials opened in memory, the live sessions' registry, the sessions' ends, TOFU pins and audit.
 */
import type { AuthUser } from '../../auth/types';
import type { Database } from '../../db/database';
import type { Audit } from '../../shared/audit';
import type { GatewayBackend, GatewayTicket } from './gateway/backend';
import type { ConnectionService } from './service';
import type { SessionRegistry } from './session-registry';
import { redeemConnectTicket } from './tickets';
import type { Resolver } from './target-policy';

export interface GatewayBackendDeps {
  db: Database;
  audit: Audit;
  service: ConnectionService;
  registry: SessionRegistry;
  ownPorts: () => readonly number[];
  resolve?: Resolver;
  log: { warn(obj: object, msg?: string): void };
}

export const createGatewayBackend = (deps: GatewayBackendDeps): GatewayBackend => ({
  async redeem(rawTicket, login) {
    const result = await redeemConnectTicket(deps, rawTicket, login);
    if (!result.ok) {
      deps.log.warn({ reason: result.reason, userId: login.user.id }, 'connections: ticket refused');
      return null;
    }
    const { session, connection, credential, addresses, jump } = result;
    const minutes = (value: number | null) => (value === null ? null : value * 60_000);
    const ticket: GatewayTicket = {
      sessionId: session.id,
      userId: login.user.id,
      userName: login.user.name,
      connectionId: connection.id,
      connectionName: connection.name,
      protocol: connection.protocol,
      companyId: connection.company_id,
      recording: session.record ? connection.recording : 'desligada',
      term: connection.options.terminal_type ?? 'xterm-256color',
      idleTimeoutMs: minutes(connection.idle_timeout_min),
      maxDurationMs: minutes(connection.max_duration_min),
      viewOnly: connection.options.vnc_view_only ?? false,
      target: {
        label: connection.name,
        // Without a jump the server connects to the address the policy checked, never the name again.
        host: jump ? connection.host : (addresses[0] ?? connection.host),
        port: connection.port,
        username: credential.username,
        password: credential.password,
        privateKey: credential.privateKey,
        passphrase: credential.passphrase,
        hostKeySha256: connection.host_key_sha256,
      },
      jump: jump
        ? {
            connectionId: jump.connection.id,
            label: jump.connection.name,
            host: addresses[0] ?? jump.connection.host,
            port: jump.connection.port,
            username: jump.credential.username,
            password: jump.credential.password,
            privateKey: jump.credential.privateKey,
            passphrase: jump.credential.passphrase,
            hostKeySha256: jump.connection.host_key_sha256,
          }
        : null,
    };
    return ticket;
  },
  pinHostKey: (connectionId: number, sha256: string, by: AuthUser, ip: string | null) =>
    deps.service.pinFirstHostKey(connectionId, sha256, by, ip),
  register: (handle) => deps.registry.register(handle),
  async finish(sessionId, end) {
    await deps.service.finishSession(sessionId, end);
  },
  live: (sessionId) => deps.registry.get(sessionId),
  async audit(entry) {
    await deps.audit({
      module: 'connections',
      action: entry.action,
      actorId: entry.actor.id,
      actorKind: 'staff',
      ip: entry.ip,
      companyId: entry.companyId,
      targetType: 'connection_session',
      targetId: entry.sessionId,
      ...(entry.details ? { details: entry.details } : {}),
    });
  },
});
