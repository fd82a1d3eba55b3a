import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { chatMessageSchema } from '../contract/conversation';
import {
  conversationUpdatedEventSchema,
  messageDeleteEventSchema,
  messageUpdateEventSchema,
  messagesBulkDeleteEventSchema,
  socketAckSchema,
  socketSendMessageSchema,
  ticketEventSchema,
  typingEventSchema,
} from '../contract/realtime';
import { ticketSchema } from '../contract/ticket';
import { makeNumberedTicket } from '../mocks';
import {
  checkSendMessage,
  parseChatMessage,
  parseConversationUpdated,
  parseMessageDelete,
  parseMessageUpdate,
  parseMessagesBulkDelete,
  parseSocketAck,
  parseTicketEvent,
  parseTypingEvent,
  parseWholeTicket,
} from './validate';

// Values that are sometimes right and often wrong, so both branches of every guard get exercised.
const id = fc.oneof(
  fc.integer({ min: -5, max: 1e6 }),
  fc.constant(1.5),
  fc.constant('12'),
  fc.string(),
  fc.constant(null),
);
const text = fc.oneof(fc.string(), fc.constant('   '), fc.integer(), fc.constant(undefined));
const chat = fc.record(
  {
    id,
    conversation_id: id,
    sender_id: id,
    sender_name: text,
    text,
    created_at: text,
    client_id: fc.oneof(fc.string(), fc.constant(null), fc.integer()),
  },
  { requiredKeys: [] },
);
const validChat = fc.record({
  id: fc.integer({ min: 1 }),
  conversation_id: fc.integer({ min: 1 }),
  sender_id: fc.integer({ min: 1 }),
  sender_name: fc.string(),
  text: fc.string(),
  created_at: fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
  client_id: fc.oneof(fc.string(), fc.constant(null)),
});
const anyChat = fc.oneof(chat, validChat);

const cases: Array<[string, (raw: unknown) => unknown, z.ZodType, fc.Arbitrary<unknown>]> = [
  ['chat message', parseChatMessage, chatMessageSchema, anyChat],
  [
    'message:update',
    parseMessageUpdate,
    messageUpdateEventSchema,
    fc.record({ conversationId: id, message: anyChat }, { requiredKeys: [] }),
  ],
  [
    'message:delete',
    parseMessageDelete,
    messageDeleteEventSchema,
    fc.record({ conversationId: id, messageId: id }, { requiredKeys: [] }),
  ],
  [
    'messages:bulk-delete',
    parseMessagesBulkDelete,
    messagesBulkDeleteEventSchema,
    fc.record({ conversationId: id, messageIds: fc.oneof(fc.array(id), fc.string()) }, { requiredKeys: [] }),
  ],
  [
    'ticket event',
    parseTicketEvent,
    ticketEventSchema,
    fc.record({ id, status: text }, { requiredKeys: [] }),
  ],
  [
    'whole ticket',
    parseWholeTicket,
    ticketSchema,
    fc.oneof(
      fc.constant(makeNumberedTicket(1)),
      fc.constant(
        makeNumberedTicket(2, { assignee: { id: 3, name: 'Ana' }, category: 'Rede', branch_id: 4 }),
      ),
      fc.record(
        {
          id,
          number: id,
          subject: text,
          status: fc.constantFrom('aberto', 'novo'),
          assignee: fc.constant(null),
        },
        { requiredKeys: [] },
      ),
    ),
  ],
  [
    'conversation:updated',
    parseConversationUpdated,
    conversationUpdatedEventSchema,
    fc.record({ conversationId: id, read: fc.boolean() }, { requiredKeys: [] }),
  ],
  [
    'typing',
    parseTypingEvent,
    typingEventSchema,
    fc.record(
      { conversationId: id, typing: fc.oneof(fc.boolean(), fc.string()), userId: id, name: text },
      { requiredKeys: [] },
    ),
  ],
  [
    'socket ack',
    parseSocketAck,
    socketAckSchema,
    fc.oneof(
      fc.record({ ok: fc.constant(true), message: anyChat }),
      fc.record({
        ok: fc.oneof(fc.constant(false), fc.constant('false')),
        error: fc.record(
          {
            error: text,
            message: text,
            details: fc.dictionary(fc.string(), fc.oneof(fc.string(), fc.integer())),
          },
          { requiredKeys: [] },
        ),
      }),
    ),
  ],
];

describe('zod-free guards agree with the contract schemas', () => {
  it.each(cases)(
    '%s: whatever the guard accepts, the schema accepts with the same value',
    (_name, guard, schema, arbitrary) => {
      fc.assert(
        fc.property(fc.oneof(arbitrary, fc.jsonValue()), (raw) => {
          const value = guard(raw);
          if (value === null) return true;
          const parsed = schema.safeParse(raw);
          return parsed.success && JSON.stringify(parsed.data) === JSON.stringify(value);
        }),
        { numRuns: 400 },
      );
    },
  );

  it('accept every well-formed payload', () => {
    fc.assert(
      fc.property(validChat, fc.integer({ min: 1 }), (message, conversationId) => {
        return (
          parseChatMessage(message) !== null &&
          parseMessageUpdate({ conversationId, message }) !== null &&
          parseSocketAck({ ok: true, message }) !== null &&
          parseMessageDelete({ conversationId, messageId: message.id }) !== null &&
          parseMessagesBulkDelete({ conversationId, messageIds: [message.id] }) !== null &&
          parseTypingEvent({ conversationId, typing: false, userId: message.sender_id, name: 'Ana' }) !== null
        );
      }),
    );
    expect(parseSocketAck({ ok: false, error: { error: 'forbidden', message: 'Sem permissão' } })).toEqual({
      ok: false,
      error: { error: 'forbidden', message: 'Sem permissão' },
    });
    expect(parseTicketEvent({ id: 3, status: 'aberto' })).toEqual({ id: 3, status: 'aberto' });
  });
});

describe('checkSendMessage', () => {
  it('trims the text and explains what is wrong in Portuguese', () => {
    expect(checkSendMessage({ conversationId: '5', text: ' Olá ', clientId: 'k' })).toEqual({
      ok: true,
      value: { conversationId: 5, text: 'Olá', clientId: 'k' },
    });
    expect(checkSendMessage({ conversationId: 5, text: '  ', clientId: 'k' })).toMatchObject({
      ok: false,
      field: 'text',
      message: 'A mensagem não pode ficar em branco',
    });
    expect(checkSendMessage({ conversationId: 5, text: 'x'.repeat(5001), clientId: 'k' })).toMatchObject({
      field: 'text',
      message: 'A mensagem deve ter no máximo 5000 caracteres',
    });
    expect(checkSendMessage({ conversationId: 0, text: 'a', clientId: 'k' })).toMatchObject({
      field: 'conversationId',
    });
    expect(checkSendMessage({ conversationId: 1, text: 'a', clientId: '' })).toMatchObject({
      field: 'clientId',
    });
  });

  it('never lets through what the server would refuse', () => {
    fc.assert(
      fc.property(
        fc.record({
          conversationId: id,
          text: fc.oneof(text, fc.string({ maxLength: 6000 })),
          clientId: text,
        }),
        (input) => {
          const checked = checkSendMessage(input);
          if (!checked.ok) return true;
          const parsed = socketSendMessageSchema.safeParse(input);
          return parsed.success && JSON.stringify(parsed.data) === JSON.stringify(checked.value);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('parseWholeTicket', () => {
  it('takes a whole ticket, exactly its fields, and refuses a partial or wrong one', () => {
    const ticket = makeNumberedTicket(1);
    expect(parseWholeTicket({ ...ticket, extra: 'x' })).toEqual(ticket);
    expect(parseWholeTicket({ id: 1, status: 'fechado' })).toBeNull();
    expect(parseWholeTicket({ ...ticket, status: 'novo' })).toBeNull();
    expect(parseWholeTicket({ ...ticket, assignee: { id: 2 } })).toBeNull();
  });
});
