/**
 * The audit trail every module writes to (`app.audit`), as modules see it. The `audit` module stores and
 * lists the events; this file is what a module needs to write one without importing that module.
 */
import type { FastifyRequest } from 'fastify';
import type { AuditActorKind, AuditEventList } from '@farol/data/contract';
import { isClientRole, type AuthUser } from '../auth/types';
import type { Database } from '../db/database';
import type { PreparedStatement } from '../db/types';

export interface AuditEntry {
  /** The module writing it ('auth', 'profile', 'tickets', …) and what happened ('login', 'updated', …). */
  module: string;
  action: string;
  actorId: number | null;
  actorKind: AuditActorKind;
  /** The company the target belongs to (a ticket's, a user's own), so a company's trail can be read. */
  companyId?: number | null;
  targetType?: string | null;
  targetId?: string | number | null;
  /** Why, when the person was asked. */
  reason?: string | null;
  /** The chamado the action was made for. */
  ticketId?: number | null;
  ip?: string | null;
  userAgent?: string | null;
  /** What changed ({field: {from, to}}) or other facts; never secrets. */
  details?: Record<string, unknown>;
}

export interface AuditQuery {
  companyId?: number | undefined;
  actorId?: number | undefined;
  targetType?: string | undefined;
  targetId?: string | undefined;
  module?: string | undefined;
  action?: string | undefined;
  page: number;
  limit: number;
}

export interface Audit {
  /**
   * Writes one event. Pass the caller's transaction when there is one: the event then commits or rolls back
   * with the change it describes, so nothing changes unrecorded.
   */
  (entry: AuditEntry, tx?: Database): Promise<void>;
  /** The prepared statement that writes one event, to send with others (`tx.preparedMany`). */
  statement(entry: AuditEntry): PreparedStatement;
  /** Writes several events in one INSERT, in the order given (all or none). */
  many(entries: readonly AuditEntry[], tx?: Database): Promise<void>;
  /** Newest first, filtered by company, actor, target, module or action; paged. */
  list(query: AuditQuery): Promise<AuditEventList>;
}

/** Who acted and from where, the part of an entry a request gives. */
export type AuditSource = Pick<AuditEntry, 'actorId' | 'actorKind' | 'ip' | 'userAgent'>;

/** Who acted and from where: the request's user (or `user`, for a login not yet on the request). */
export const auditSource = (
  request: FastifyRequest,
  user: Pick<AuthUser, 'id' | 'role'> | null = request.user,
): AuditSource => ({
  actorId: user?.id ?? null,
  actorKind: user ? (isClientRole(user.role) ? 'client' : 'staff') : 'anonymous',
  ip: request.ip,
  userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
});

/** An event about a person's own account (their login, their profile): the user is the target. */
export const userEvent = (
  source: AuditSource,
  module: string,
  action: string,
  user: { id: number; companyId: number | null },
  details?: Record<string, unknown>,
): AuditEntry => ({
  ...source,
  module,
  action,
  companyId: user.companyId,
  targetType: 'user',
  targetId: user.id,
  ...(details ? { details } : {}),
});

/** The fields of `after` that differ from `before`, as {field: {from, to}} (null when nothing changed). */
export const changedFields = <T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
): Record<string, { from: unknown; to: unknown }> | null => {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const [field, to] of Object.entries(after)) {
    if (to !== undefined && to !== before[field]) changes[field] = { from: before[field] ?? null, to };
  }
  return Object.keys(changes).length > 0 ? changes : null;
};
