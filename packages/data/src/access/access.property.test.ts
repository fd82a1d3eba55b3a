import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PERMISSION_KEYS } from '../contract/constants';
import { notificationHref } from './navigation';
import { ROUTES } from './route-table';
import { resolveAccess } from './routes';

const segment = fc.oneof(
  fc.constantFrom('portal', 'support', 'ticket', 'tickets', 'messages', 'login', 'tasks', 'board', '403', ''),
  fc.string({ maxLength: 6 }),
);
const pathname = fc.oneof(
  fc.constantFrom(...ROUTES.map((route) => route.path.replace(/:\w+/g, '7')), '/'),
  fc.array(segment, { maxLength: 4 }).map((parts) => `/${parts.join('/')}`),
  fc.string({ maxLength: 30 }),
);
// Thousands of generated cases: CPU-bound work, so on a busy 2-core machine it may take far longer than
// vitest's 5 s default without anything being wrong. The timeout guards against a hang, not speed.
const PROPERTY_TIMEOUT_MS = 60_000;

const user = fc.option(
  fc.record({
    role: fc.constantFrom('admin', 'Admin', 'cliente', 'CLIENT', 'tecnico', 'gestor', ''),
    permissions: fc.subarray([...PERMISSION_KEYS]),
  }),
  { nil: null },
);

describe('resolveAccess properties', () => {
  it(
    'never throws, and a redirect always lands on a page that is allowed (no loops)',
    () => {
      fc.assert(
        fc.property(user, pathname, (who, path) => {
          const decision = resolveAccess(who, path);
          if (decision.type === 'allow') return;
          expect(decision.to.startsWith('/')).toBe(true);
          expect(resolveAccess(who, decision.to)).toEqual({ type: 'allow' });
        }),
        { numRuns: 3000 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );
});

describe('notificationHref properties', () => {
  it(
    'answers null or an app-internal path, never another origin or scheme',
    () => {
      fc.assert(
        fc.property(
          fc.option(fc.oneof(fc.string(), fc.webUrl(), pathname), { nil: null }),
          user,
          (link, who) => {
            const href = notificationHref(link, who);
            if (href === null) return;
            expect(href.startsWith('/')).toBe(true);
            expect(href.startsWith('//')).toBe(false);
            expect(href).not.toMatch(/\\/);
          },
        ),
        { numRuns: 3000 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );
});
