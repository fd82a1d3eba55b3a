import { http, HttpResponse, type HttpHandler } from 'msw';
import {
  createFolderSchema,
  setGrantsSchema,
  updateFolderSchema,
  vaultLevelAtLeast,
  type VaultAccessLevel,
  type VaultFolder,
  type VaultGrant,
} from '../../contract/password';
import type { VaultGrantees } from '../../contract/password-access';
import type { UserWire } from '../../contract/user';
import { api, errorResponse, jsonBody, notFound, parseOr400 } from '../../mocks/http';
import type { PasswordDatabase } from './handlers';

/** The staff people and roles "Acessos" offers (the mock's directory). */
export const granteeFixtures = (): VaultGrantees => ({
  people: [
    { id: 1, name: 'Ana Souza', role: 'admin' },
    { id: 2, name: 'Bruno Lima', role: 'gestor' },
    { id: 3, name: 'Carla Mendes', role: 'tecnico' },
    { id: 6, name: 'Fernanda Rocha', role: 'tecnico' },
    { id: 7, name: 'Gustavo Pereira', role: 'gestor' },
  ],
  roles: [
    { key: 'admin', name: 'Administrador' },
    { key: 'gestor', name: 'Gestor' },
    { key: 'tecnico', name: 'Técnico' },
  ],
});

/** The grants the demo folder "Infraestrutura Acme" starts with (its items inherit them). */
export const folderGrantFixtures = (): VaultGrant[] => [
  { subject: { kind: 'user', id: 2, name: 'Bruno Lima' }, level: 'gerenciar' },
  { subject: { kind: 'role', role: 'tecnico', name: 'Técnico' }, level: 'ver' },
];

const COMPANIES: Record<number, string> = { 100: 'Acme Logística Ltda.', 101: 'Globex Comércio S.A.' };

type Gate = (request: Request, write?: boolean) => Promise<UserWire | Response>;

const refusedLevel = (message: string) => errorResponse(403, 'forbidden', message);

/**
 * The folders' create, rename, move, delete and the grants of folders and items, as the server answers them
 * (the same rules: a folder with items neither moves nor goes; only gerenciar shares).
 */
export function folderRoutes(
  db: PasswordDatabase,
  gate: Gate,
  { seeded }: { seeded: boolean },
): HttpHandler[] {
  if (seeded && !db.grants.has('folder:1')) db.grants.set('folder:1', folderGrantFixtures());
  const grantees = granteeFixtures();
  const findFolder = (id: unknown) => db.folders.find((folder) => folder.id === Number(id));
  const MANAGE_ONLY = 'Só quem gerencia este item pode fazer isso.';
  /** A folder the signed-in person manages (gerenciar), or the answer that refuses the request. */
  const managedFolder = async (request: Request, id: unknown, refusal = MANAGE_ONLY) => {
    const user = await gate(request, true);
    if (user instanceof Response) return user;
    const folder = findFolder(id);
    if (!folder) return notFound('Pasta não encontrada');
    return vaultLevelAtLeast(folder.access, 'gerenciar') ? folder : refusedLevel(refusal);
  };
  /** An item the signed-in person manages, or the answer that refuses the request. */
  const managedItem = async (request: Request, id: unknown) => {
    const user = await gate(request, true);
    if (user instanceof Response) return user;
    const stored = db.items.find((entry) => entry.item.id === Number(id));
    if (!stored) return notFound('Item do cofre não encontrado');
    return vaultLevelAtLeast(stored.item.access, 'gerenciar') ? stored : refusedLevel(MANAGE_ONLY);
  };
  /** The grants an item inherits from its folder. */
  const inheritedOf = (item: { folder: { id: number; name: string } | null }) =>
    item.folder ? { folder: item.folder, grants: db.grants.get(`folder:${item.folder.id}`) ?? [] } : null;
  const itemsIn = (folder: VaultFolder) =>
    db.items.filter((stored) => stored.item.folder?.id === folder.id).length;
  const sameName = (name: string, companyId: number | null, except?: number) =>
    db.folders.some(
      (folder) =>
        folder.id !== except &&
        (folder.company?.id ?? null) === companyId &&
        folder.name.toLowerCase() === name.toLowerCase(),
    );
  const duplicate = () =>
    errorResponse(409, 'conflict', 'Já existe uma pasta com esse nome', {
      name: 'Já existe uma pasta com esse nome',
    });
  const named = (raw: {
    subject: { kind: 'user'; id: number } | { kind: 'role'; role: string };
    level: VaultAccessLevel;
  }): VaultGrant => ({
    subject:
      raw.subject.kind === 'user'
        ? {
            kind: 'user',
            id: raw.subject.id,
            name:
              grantees.people.find((person) => person.id === (raw.subject as { id: number }).id)?.name ??
              `Pessoa ${raw.subject.id}`,
          }
        : {
            kind: 'role',
            role: raw.subject.role.toLowerCase(),
            name:
              grantees.roles.find((role) => role.key === (raw.subject as { role: string }).role.toLowerCase())
                ?.name ?? raw.subject.role,
          },
    level: raw.level,
  });
  const companyRef = (id: number | null | undefined) =>
    id === null || id === undefined ? null : COMPANIES[id] ? { id, name: COMPANIES[id]! } : undefined;

  return [
    http.get(api('/passwords/grantees'), async ({ request }) => {
      const user = await gate(request, true);
      if (user instanceof Response) return user;
      const q = (new URL(request.url).searchParams.get('q') ?? '')
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase();
      const fold = (text: string) =>
        text
          .normalize('NFD')
          .replace(/[\u0300-\u036f]/g, '')
          .toLowerCase();
      return HttpResponse.json({
        people: grantees.people.filter((person) => !q || fold(person.name).includes(q)),
        roles: grantees.roles,
      });
    }),

    http.post(api('/passwords/folders'), async ({ request }) => {
      const user = await gate(request, true);
      if (user instanceof Response) return user;
      const parsed = parseOr400(createFolderSchema, await jsonBody(request));
      if (parsed.error) return parsed.error;
      const companyId = parsed.data.company_id ?? null;
      const company = companyRef(companyId);
      if (company === undefined)
        return errorResponse(400, 'validation_failed', 'Dados inválidos', {
          company_id: 'Empresa não encontrada',
        });
      if (sameName(parsed.data.name, companyId)) return duplicate();
      const folder: VaultFolder = {
        id: Math.max(0, ...db.folders.map((entry) => entry.id)) + 1,
        name: parsed.data.name,
        company,
        require_reason: parsed.data.require_reason ?? false,
        rotate_every_days: parsed.data.rotate_every_days ?? null,
        item_count: 0,
        access: 'gerenciar',
      };
      db.folders.push(folder);
      return HttpResponse.json(folder, { status: 201 });
    }),

    http.patch(api('/passwords/folders/:folderId'), async ({ request, params }) => {
      const folder = await managedFolder(request, params.folderId);
      if (folder instanceof Response) return folder;
      const parsed = parseOr400(updateFolderSchema, await jsonBody(request));
      if (parsed.error) return parsed.error;
      const { company_id, ...rest } = parsed.data;
      const moving = company_id !== undefined && (company_id ?? null) !== (folder.company?.id ?? null);
      const companyId = moving ? (company_id ?? null) : (folder.company?.id ?? null);
      if (moving) {
        const count = itemsIn(folder);
        if (count > 0) {
          return errorResponse(
            409,
            'conflict',
            `Só uma pasta vazia muda de empresa, e esta tem ${count === 1 ? '1 item' : `${count} itens`}: mova cada item pelo editor (o segredo é cifrado de novo com a chave da outra empresa).`,
          );
        }
      }
      const company = companyRef(companyId);
      if (company === undefined)
        return errorResponse(400, 'validation_failed', 'Dados inválidos', {
          company_id: 'Empresa não encontrada',
        });
      if (sameName(rest.name ?? folder.name, companyId, folder.id)) return duplicate();
      Object.assign(folder, {
        ...Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined)),
        company,
      });
      for (const stored of db.items) {
        if (stored.item.folder?.id === folder.id) stored.item.folder = { id: folder.id, name: folder.name };
      }
      return HttpResponse.json(folder);
    }),

    http.delete(api('/passwords/folders/:folderId'), async ({ request, params }) => {
      const folder = await managedFolder(
        request,
        params.folderId,
        'Só quem gerencia esta pasta pode excluí-la.',
      );
      if (folder instanceof Response) return folder;
      const count = itemsIn(folder);
      if (count > 0) {
        return errorResponse(
          409,
          'conflict',
          count === 1
            ? 'A pasta ainda tem 1 item. Mova-o para outra pasta ou arquive-o antes de excluir a pasta.'
            : `A pasta ainda tem ${count} itens. Mova-os para outra pasta ou arquive-os antes de excluir a pasta.`,
        );
      }
      db.folders = db.folders.filter((entry) => entry !== folder);
      db.grants.delete(`folder:${folder.id}`);
      return new HttpResponse(null, { status: 204 });
    }),

    http.get(api('/passwords/folders/:folderId/access'), async ({ request, params }) => {
      const folder = await managedFolder(request, params.folderId);
      if (folder instanceof Response) return folder;
      return HttpResponse.json({ grants: db.grants.get(`folder:${folder.id}`) ?? [] });
    }),

    http.put(api('/passwords/folders/:folderId/access'), async ({ request, params }) => {
      const folder = await managedFolder(request, params.folderId);
      if (folder instanceof Response) return folder;
      const parsed = parseOr400(setGrantsSchema, await jsonBody(request));
      if (parsed.error) return parsed.error;
      const grants = parsed.data.grants.map(named);
      db.grants.set(`folder:${folder.id}`, grants);
      return HttpResponse.json({ grants });
    }),

    http.get(api('/passwords/:id/access'), async ({ request, params }) => {
      const stored = await managedItem(request, params.id);
      if (stored instanceof Response) return stored;
      return HttpResponse.json({
        grants: db.grants.get(`item:${stored.item.id}`) ?? [],
        inherited: inheritedOf(stored.item),
      });
    }),

    http.put(api('/passwords/:id/access'), async ({ request, params }) => {
      const stored = await managedItem(request, params.id);
      if (stored instanceof Response) return stored;
      const parsed = parseOr400(setGrantsSchema, await jsonBody(request));
      if (parsed.error) return parsed.error;
      const grants = parsed.data.grants.map(named);
      db.grants.set(`item:${stored.item.id}`, grants);
      return HttpResponse.json({
        grants,
        inherited: inheritedOf(stored.item),
      });
    }),
  ];
}
