import type { SessionUser } from '@farol/data';
import { lazy, type ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import {
  userPageSections,
  type FeatureModule,
  type UserPageSectionProps,
} from '../../../lib/module-registry';

const Section = lazy(async () => ({ default: (() => null) as ComponentType<UserPageSectionProps> }));

const viewer = (role: string, permissions: string[] = []) =>
  ({ id: 1, role, permissions, name: 'Pessoa', firstName: 'Pessoa', lastName: '' }) as unknown as SessionUser;

const modules: FeatureModule[] = [
  {
    id: 'security',
    label: 'Segurança',
    routes: [],
    userPageSections: [
      {
        id: 'seguranca',
        title: 'Segurança',
        order: 20,
        permission: 'users.manage',
        onOwnPage: false,
        component: Section,
      },
    ],
  },
  {
    id: 'roles',
    label: 'Acessos',
    routes: [],
    userPageSections: [
      { id: 'acessos', title: 'Acessos', order: 10, permission: 'users.view', component: Section },
      {
        id: 'seguranca',
        title: 'Duplicada',
        order: 5,
        permission: 'users.manage',
        onOwnPage: false,
        component: Section,
      },
    ],
  },
];

describe('userPageSections', () => {
  it('gives the sections this viewer may see, in order, each id once', () => {
    expect(userPageSections(viewer('admin'), modules).map((section) => section.title)).toEqual([
      'Acessos',
      'Segurança',
    ]);
    expect(userPageSections(viewer('gestor', ['users.view']), modules).map((section) => section.id)).toEqual([
      'acessos',
    ]);
    expect(userPageSections(viewer('cliente'), modules)).toEqual([]);
  });

  it("leaves out, on one's own page, the sections that say so", () => {
    expect(userPageSections(viewer('admin'), modules, true).map((section) => section.id)).toEqual([
      'acessos',
    ]);
  });
});
