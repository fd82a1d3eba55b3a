import { describe, expect, it } from 'vitest';
import { portalNavItems } from '../lib/module-registry';
import { MODULES } from '../modules';
import { activePortalItem } from './portal-layout';

describe('activePortalItem', () => {
  const items = portalNavItems(MODULES);
  it.each([
    ['/portal', 'Início'],
    ['/portal/messages', 'Mensagens'],
    ['/portal/messages/4', 'Mensagens'],
    ['/settings', 'Configurações'],
    ['/profile', 'Perfil'],
    ['/portal/tickets', 'Chamados'],
    ['/portal/tickets/3', 'Chamados'],
  ])('%s → %s', (path, label) => {
    expect(activePortalItem(items, path)?.label).toBe(label);
  });
});
