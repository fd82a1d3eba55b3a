/**
 * The tickets' rules: who may open, change and answer what, each write in one transaction with its history
 * and its audit event, then (once committed) the list cache dropped and the events sent.
 */
import {
  addBusinessTime,
  canTransitionTicket,
  type Ticket,
  type TicketDetail,
  type TicketMessage,
  type TicketMessageList,
  type TicketPriority,
  type TicketStatus,
  type createTicketMessageSchema,
  type createTicketSchema,
  type updateTicketSchema,
} from '@farol/data/contract';
import type { z } from 'zod';
import { isClientRole } from '../../auth/types';
import type { Database } from '../../db/database';
import type { Viewer } from '../../http/access';
import { scopeReachesCompany } from '../../http/company-scope';
import { forbidden, httpError } from '../../http/errors';
import type { Audit, AuditSource } from '../../shared/audit';
import {
  discardStaged,
  insertAttachments,
  messageAttachments,
  openingAttachments,
  stageFiles,
  type StagedFile,
  type UploadedFile,
} from './attachments';
import type { TicketEvents } from './events';
import { loadCompanySla, loadTicketSla, resolutionDueAt } from '../../shared/sla';
import {
  assignableName,
  branchNameOf,
  branchOfCompany,
  insertHistory,
  insertMessage,
  insertTicket,
  loadHistory,
  loadMessage,
  loadTicket,
  messageRows,
  toMessage,
  toTicket,
  touchTicket,
  updateTicketRow,
  type TicketChanges,
} from './repository';

type CreateInput = z.output<typeof createTicketSchema>;
type UpdateInput = z.output<typeof updateTicketSchema>;
type MessageInput = z.output<typeof createTicketMessageSchema>;

export interface TicketServiceDeps {
  db: Database;
  audit: Audit;
  events: TicketEvents;
  /** Called once a write to tickets is committed (the list cache drops its pages). */
  onChange: () => void;
}

export interface TicketService {
  get(viewer: Viewer, id: number): Promise<TicketDetail>;
  /** The thread, oldest first; internal notes never reach a client. */
  listMessages(viewer: Viewer, id: number): Promise<TicketMessageList>;
  create(
    viewer: Viewer,
    input: CreateInput,
    files: readonly UploadedFile[],
    source: AuditSource,
  ): Promise<Ticket>;
  /** PATCH (staff only; the route says so): all-or-nothing, one history row per changed field. */
  update(viewer: Viewer, id: number, input: UpdateInput, source: AuditSource): Promise<Ticket>;
  addMessage(
    viewer: Viewer,
    id: number,
    input: MessageInput,
    files: readonly UploadedFile[],
    source: AuditSource,
  ): Promise<TicketMessage>;
}

const EMPTY_MESSAGE = 'Escreva uma mensagem ou anexe um arquivo';

const invalid = (field: string, message: string) =>
  httpError(400, 'validation_failed', 'Dados inválidos', { [field]: message });

const conflict = (from: TicketStatus, to: TicketStatus) =>
  httpError(409, 'conflict', `Não é possível passar o chamado de "${from}" para "${to}".`);

const ticketTarget = (ticket: { id: number; company_id: number }) => ({
  module: 'tickets',
  companyId: ticket.company_id,
  targetType: 'ticket',
  targetId: ticket.id,
  ticketId: ticket.id,
});

/**
 * Runs a write with its files already stored (stageFiles: in pieces, before and outside the transaction, which
 * then only links them); the pieces are deleted again when the write fails.
 */
const withStagedFiles = async <T>(
  db: Database,
  files: readonly UploadedFile[],
  write: (staged: StagedFile[]) => Promise<T>,
): Promise<T> => {
  const staged = await stageFiles(db, files);
  try {
    return await write(staged);
  } catch (error) {
    await discardStaged(db, staged).catch(() => undefined);
    throw error;
  }
};

/**
 * The SLA side of a status or priority change (issue 17): waiting for the client starts a pause (the due time
 * stays as it was, and the chamado is not overdue meanwhile); leaving that status ends it and moves the due
 * time by the business time it held; a new priority recomputes the due time from creation on the company's
 * plan. Only here, so every path that changes a chamado's status keeps its clock.
 */
const applySla = async (tx: Database, id: number, priority: TicketPriority, changes: TicketChanges) => {
  const sla = await loadTicketSla(tx, id);
  let { pausedAt, pauses } = sla;
  let moved = changes.priority !== undefined;
  if (changes.status === 'aguardando cliente' && pausedAt === null) {
    pausedAt = sla.now;
    changes.slaPausedAt = pausedAt;
  } else if (changes.status !== undefined && changes.status !== 'aguardando cliente' && pausedAt !== null) {
    pauses = [...pauses, { from: pausedAt.toISOString(), to: sla.now.toISOString() }];
    pausedAt = null;
    changes.slaPausedAt = null;
    changes.slaPauses = pauses;
    moved = true;
  }
  if (!moved) return;
  changes.dueAt = resolutionDueAt(
    sla,
    changes.priority ?? priority,
    sla.createdAt,
    pauses,
    pausedAt === null ? null : { from: pausedAt, now: sla.now },
  );
};

export const createTicketService = ({ db, audit, events, onChange }: TicketServiceDeps): TicketService => ({
  async get(viewer, id) {
    const ticket = toTicket(await loadTicket(db, viewer.scope, id));
    const [history, attachments] = await Promise.all([loadHistory(db, id), openingAttachments(db, id)]);
    return { ...ticket, history, attachments };
  },

  async listMessages(viewer, id) {
    await loadTicket(db, viewer.scope, id);
    const [rows, attachments] = await Promise.all([
      messageRows(db, id, !isClientRole(viewer.role)),
      messageAttachments(db, id),
    ]);
    const items = rows.map((row) => toMessage(row, attachments.get(row.id) ?? []));
    return { items, total: items.length };
  },

  async create(viewer, input, files, source) {
    const scope = viewer.scope;
    // A client opens tickets for their own company only (whatever company_id they send); without one, none.
    if (scope.kind === 'company' && scope.companyId === null) throw forbidden();
    const companyId = scope.kind === 'company' ? scope.companyId! : input.company_id;
    if (companyId === undefined) throw invalid('company_id', 'Informe a empresa do chamado');
    // A staff account limited to some companies opens chamados for those only (issue 13).
    if (!scopeReachesCompany(scope, companyId)) throw forbidden();
    const id = await withStagedFiles(db, files, (staged) =>
      db.transaction(async (tx) => {
        const sla = await loadCompanySla(tx, companyId);
        if (!sla) throw invalid('company_id', 'Empresa não encontrada');
        if (input.branch_id !== undefined && !(await branchOfCompany(tx, input.branch_id, companyId))) {
          throw invalid('branch_id', 'Filial não encontrada nesta empresa');
        }
        const ticketId = await insertTicket(tx, {
          subject: input.subject,
          description: input.description,
          priority: input.priority,
          category: input.category ?? null,
          companyId,
          branchId: input.branch_id ?? null,
          requesterId: viewer.id,
          dueAt: addBusinessTime(sla.now, sla.plan.resolution[input.priority], sla.calendar),
        });
        await insertHistory(tx, ticketId, viewer.id, ['status', null, 'aberto']);
        await insertAttachments(tx, ticketId, null, viewer.id, staged);
        await audit(
          {
            ...source,
            ...ticketTarget({ id: ticketId, company_id: companyId }),
            action: 'created',
            details: {
              subject: input.subject,
              priority: input.priority,
              category: input.category ?? null,
              branch_id: input.branch_id ?? null,
              attachments: files.length,
            },
          },
          tx,
        );
        return ticketId;
      }),
    );
    onChange();
    const ticket = toTicket(await loadTicket(db, viewer.scope, id));
    await events.created(ticket, viewer.id);
    return ticket;
  },

  async update(viewer, id, input, source) {
    const result = await db.transaction(async (tx) => {
      const current = await loadTicket(tx, viewer.scope, id, true);
      const changes: TicketChanges = {};
      const history: [field: string, from: string | null, to: string | null][] = [];
      const audited: Record<string, { from: unknown; to: unknown }> = {};

      if (input.status !== undefined && input.status !== current.status) {
        if (!canTransitionTicket(current.status, input.status)) throw conflict(current.status, input.status);
        changes.status = input.status;
        history.push(['status', current.status, input.status]);
        audited.status = { from: current.status, to: input.status };
      }
      if (input.priority !== undefined && input.priority !== current.priority) {
        changes.priority = input.priority;
        history.push(['priority', current.priority, input.priority]);
        audited.priority = { from: current.priority, to: input.priority };
      }
      if (input.category !== undefined && input.category !== current.category) {
        changes.category = input.category;
        history.push(['category', current.category, input.category]);
        audited.category = { from: current.category, to: input.category };
      }
      let assigned: number | null = null;
      if (input.assignee_id !== undefined && input.assignee_id !== current.assignee_id) {
        let newName: string | null = null;
        if (input.assignee_id !== null) {
          newName = await assignableName(tx, input.assignee_id);
          if (newName === null) {
            throw invalid('assignee_id', 'O responsável deve ser da equipe com acesso aos chamados');
          }
          assigned = input.assignee_id;
        }
        changes.assigneeId = input.assignee_id;
        history.push(['assignee', current.assignee_name, newName]);
        audited.assignee = {
          from:
            current.assignee_id === null ? null : { id: current.assignee_id, name: current.assignee_name },
          to: input.assignee_id === null ? null : { id: input.assignee_id, name: newName },
        };
      }
      if (input.branch_id !== undefined && input.branch_id !== current.branch_id) {
        let newName: string | null = null;
        if (input.branch_id !== null) {
          newName = await branchNameOf(tx, input.branch_id, current.company_id);
          if (newName === null) throw invalid('branch_id', 'Filial não encontrada nesta empresa');
        }
        const oldName =
          current.branch_id === null ? null : await branchNameOf(tx, current.branch_id, current.company_id);
        changes.branchId = input.branch_id;
        history.push(['branch', oldName, newName]);
        audited.branch = {
          from: current.branch_id === null ? null : { id: current.branch_id, name: oldName },
          to: input.branch_id === null ? null : { id: input.branch_id, name: newName },
        };
      }
      if (history.length === 0) return { changed: false, assigned };
      if (changes.status !== undefined || changes.priority !== undefined) {
        await applySla(tx, id, current.priority, changes);
      }

      await updateTicketRow(tx, id, changes);
      for (const entry of history) await insertHistory(tx, id, viewer.id, entry);
      await audit(
        { ...source, ...ticketTarget(current), action: 'updated', details: { changes: audited } },
        tx,
      );
      return { changed: true, assigned };
    });
    if (result.changed) onChange();
    const ticket = toTicket(await loadTicket(db, viewer.scope, id));
    if (result.changed) await events.updated(ticket, { actorId: viewer.id, assignedTo: result.assigned });
    return ticket;
  },

  async addMessage(viewer, ticketId, input, files, source) {
    const byClient = isClientRole(viewer.role);
    if (byClient && input.internal) throw forbidden();
    if (input.body === '' && files.length === 0) {
      throw httpError(400, 'validation_failed', EMPTY_MESSAGE, { body: EMPTY_MESSAGE });
    }
    const current = toTicket(await loadTicket(db, viewer.scope, ticketId));
    const message = await withStagedFiles(db, files, (staged) =>
      db.transaction(async (tx) => {
        const messageId = await insertMessage(tx, {
          ticketId,
          authorId: viewer.id,
          body: input.body,
          internal: input.internal,
        });
        const attachments = await insertAttachments(tx, ticketId, messageId, viewer.id, staged);
        await touchTicket(tx, ticketId);
        await audit(
          {
            ...source,
            ...ticketTarget(current),
            action: input.internal ? 'note_added' : 'message_added',
            details: { message_id: messageId, attachments: files.length },
          },
          tx,
        );
        return loadMessage(tx, messageId, attachments);
      }),
    );
    onChange();
    const ticket = toTicket(await loadTicket(db, viewer.scope, ticketId));
    await events.messageAdded(ticket, current, {
      body: input.body,
      internal: input.internal,
      files: files.length,
      actorId: viewer.id,
      byClient,
    });
    return message;
  },
});
