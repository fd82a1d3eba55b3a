import { describe, expect, it } from 'vitest';
import { conversationTitle, otherParticipants, typingText } from './conversation-title';

const person = (id: number, name: string) => ({ id, name, role: 'admin', profile_picture: null });
const conversation = { title: null, participants: [person(1, 'Ana'), person(2, 'Bruno'), person(3, 'Caio')] };

describe('conversation titles', () => {
  it('names the others, never oneself', () => {
    expect(conversationTitle(conversation, 1)).toBe('Bruno, Caio');
    expect(otherParticipants(conversation, '2').map((p) => p.name)).toEqual(['Ana', 'Caio']);
  });
  it('uses the title when there is one', () => {
    expect(conversationTitle({ ...conversation, title: ' Plantão ' }, 1)).toBe('Plantão');
  });
  it('a conversation with oneself only still has a name', () => {
    expect(conversationTitle({ title: null, participants: [person(1, 'Ana')] }, 1)).toBe('Ana');
  });
});

describe('typingText', () => {
  it.each([
    [[], null],
    [['Ana'], 'Ana está digitando…'],
    [['Ana', 'Bruno'], 'Ana e Bruno estão digitando…'],
    [['Ana', 'Bruno', 'Caio'], 'Ana, Bruno e Caio estão digitando…'],
  ])('%j → %s', (names, expected) => {
    expect(typingText(names)).toBe(expected);
  });
});
