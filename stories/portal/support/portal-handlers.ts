import { type ChatMessage, type ContactList, type Conversation, isClient, type UserWire } from '@farol/data';
import {
  conversationFixtures,
  createHandlers,
  errorResponse,
  fixtures,
  fixtureTokens,
  makeChatMessage,
  type FixtureUserName,
} from '@farol/data/mocks';
import { delay, http, HttpResponse, type HttpHandler } from 'msw';

/** A 2×2 PNG as a data URL: a picture that loads with no network. */
export const SAMPLE_PICTURE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGNQTX4NRAwQCgAligXNFnxqAgAAAABJRU5ErkJggg==';

const userByToken = (request: Request): UserWire | null => {
  const token = request.headers.get('authorization')?.replace(/^Bearer\s+/i, '');
  const name = (Object.keys(fixtureTokens) as FixtureUserName[]).find((key) => fixtureTokens[key] === token);
  return name ? fixtures.users[name] : null;
};

/** The conversation writes the pages make (mark read, send over HTTP, start). */
export function conversationWriteHandlers(): HttpHandler[] {
  return [
    http.put('*/api/messages/conversations/:id/read', ({ params }) => {
      const conversation = conversationFixtures.list().find((item) => item.id === Number(params.id));
      return conversation
        ? HttpResponse.json({ ...conversation, unread_count: 0 } satisfies Conversation)
        : errorResponse(404, 'not_found', 'Conversa não encontrada');
    }),
    http.post('*/api/messages/conversations/:id', async ({ params, request }) => {
      const body = (await request.json()) as { text?: string; client_id?: string };
      const me = userByToken(request);
      return HttpResponse.json(
        makeChatMessage({
          id: 900,
          conversation_id: Number(params.id),
          sender_id: me?.id ?? 1,
          sender_name: me ? `${me.first_name} ${me.last_name}` : 'Você',
          text: body.text ?? '',
          client_id: body.client_id ?? null,
          created_at: new Date().toISOString(),
        }) satisfies ChatMessage,
        { status: 201 },
      );
    }),
    http.get('*/api/messages/contacts', ({ request }) => {
      const me = userByToken(request);
      if (!me) return errorResponse(401, 'unauthorized', 'Sessão expirada.');
      const url = new URL(request.url);
      const q = (url.searchParams.get('q') ?? '').trim().toLowerCase();
      const limit = Number(url.searchParams.get('limit') ?? 20);
      // The server's rule: staff talk to anyone; a client to staff and to their own company.
      const matches = Object.values(fixtures.users).filter(
        (person) =>
          person.id !== me.id &&
          (!isClient(me) || !isClient(person) || person.company_id === me.company_id) &&
          (!q || `${person.name} ${person.email}`.toLowerCase().includes(q)),
      );
      return HttpResponse.json({
        items: matches.slice(0, limit).map(({ id, email, name, role, profile_picture, company_id }) => ({
          id,
          email,
          name,
          role,
          profile_picture,
          company_id,
        })),
        total: matches.length,
      } satisfies ContactList);
    }),
  ];
}

export interface PictureMockOptions {
  /** Answer every upload with this status and the server's message. */
  failWith?: { status: number; message: string };
  /** Delay before the upload answers. */
  delayMs?: number;
}

/**
 * Profile reads and the picture upload over one stored picture, so a page that refetches the profile
 * after the upload sees the new picture (the `profile` key of the handlers).
 */
export function profileWithPictureHandlers({ failWith, delayMs }: PictureMockOptions = {}): HttpHandler[] {
  let picture: string | null = null;
  const withPicture = (user: UserWire): UserWire => ({ ...user, profile_picture: picture });
  return [
    http.get('*/api/profile', ({ request }) => {
      const user = userByToken(request);
      return user
        ? HttpResponse.json(withPicture(user))
        : errorResponse(401, 'unauthorized', 'Sessão expirada.');
    }),
    http.post('*/api/profile/picture', async ({ request }) => {
      if (delayMs) await delay(delayMs);
      const user = userByToken(request);
      if (!user) return errorResponse(401, 'unauthorized', 'Sessão expirada.');
      if (failWith) return errorResponse(failWith.status, 'upload_failed', failWith.message);
      picture = SAMPLE_PICTURE;
      return HttpResponse.json(withPicture(user));
    }),
  ];
}

/** Every group the app calls, keyed; a story overrides one key (`msw: {handlers: {notifications: …}}`). */
export function portalHandlers() {
  return { ...createHandlers(), conversationWrites: conversationWriteHandlers() };
}
