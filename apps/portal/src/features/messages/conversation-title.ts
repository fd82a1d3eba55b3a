import type { Conversation, ConversationParticipant } from '@farol/data';

/** Everyone in the conversation except the person looking at it. */
export function otherParticipants(
  conversation: Pick<Conversation, 'participants'>,
  meId: number | string | null | undefined,
): ConversationParticipant[] {
  const others = conversation.participants.filter((person) => String(person.id) !== String(meId));
  return others.length > 0 ? others : conversation.participants;
}

/** The conversation's title, else the names of the others. */
export function conversationTitle(
  conversation: Pick<Conversation, 'title' | 'participants'>,
  meId: number | string | null | undefined,
): string {
  if (conversation.title?.trim()) return conversation.title.trim();
  const names = otherParticipants(conversation, meId).map((person) => person.name);
  return names.length > 0 ? names.join(', ') : 'Conversa';
}

/** "Ana está digitando…", "Ana e Bruno estão digitando…", "Ana, Bruno e Caio estão digitando…". */
export function typingText(names: readonly string[]): string | null {
  if (names.length === 0) return null;
  if (names.length === 1) return `${names[0]} está digitando…`;
  const last = names[names.length - 1];
  return `${names.slice(0, -1).join(', ')} e ${last} estão digitando…`;
}
