// @vitest-environment happy-dom
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { mergeMessages } from './merge-messages';
import { defaultMessages } from './messages';
import { MessagesProvider, useMessages } from './messages-provider';

describe('defaultMessages', () => {
  it('has the spec texts', () => {
    expect(defaultMessages.sidebar.signOut).toBe('Sair');
    expect(defaultMessages.notifications.title).toBe('Notificações');
    expect(defaultMessages.notifications.markAllRead).toBe('Marcar todas como lidas');
    expect(defaultMessages.notifications.empty).toBe('Sem notificações.');
    expect(defaultMessages.common.loading).toBe('Carregando…');
    expect(defaultMessages.avatarPicker.title).toBe('Alterar Foto de Perfil');
    expect(defaultMessages.avatarPicker.hint).toBe('Suporte: JPG, PNG, GIF até 5MB');
  });

  it('uses singular only for exactly one unread item', () => {
    expect(defaultMessages.notifications.unreadCount(1)).toBe('1 não lida');
    expect(defaultMessages.notifications.unreadCount(0)).toBe('0 não lidas');
    expect(defaultMessages.notifications.unreadCount(2)).toBe('2 não lidas');
    expect(defaultMessages.header.messagesWithUnread(7)).toBe('Mensagens, 7 não lidas');
  });
});

describe('mergeMessages', () => {
  it('replaces only what the override names, at any depth', () => {
    const merged = mergeMessages(defaultMessages, {
      sidebar: { signOut: 'Logout' },
      notifications: { time: { now: 'now' } },
    });
    expect(merged.sidebar.signOut).toBe('Logout');
    expect(merged.sidebar.closeMenu).toBe('Fechar menu');
    expect(merged.notifications.time.now).toBe('now');
    expect(merged.notifications.time.minutes(3)).toBe('3 min');
    expect(defaultMessages.sidebar.signOut).toBe('Sair');
  });

  it('replaces functions whole and ignores undefined', () => {
    const merged = mergeMessages(defaultMessages, {
      notifications: { unreadCount: (n: number) => `${n} unread`, title: undefined },
    });
    expect(merged.notifications.unreadCount(3)).toBe('3 unread');
    expect(merged.notifications.title).toBe('Notificações');
  });
});

describe('useMessages', () => {
  it('gives the defaults without a provider', () => {
    const { result } = renderHook(() => useMessages());
    expect(result.current).toBe(defaultMessages);
  });

  it('applies nested providers on top of each other', () => {
    const wrapper = ({ children }: { children: ReactNode }) => (
      <MessagesProvider messages={{ sidebar: { signOut: 'Exit' } }}>
        <MessagesProvider messages={{ header: { profile: 'Profile' } }}>{children}</MessagesProvider>
      </MessagesProvider>
    );
    const { result } = renderHook(() => useMessages(), { wrapper });
    expect(result.current.sidebar.signOut).toBe('Exit');
    expect(result.current.header.profile).toBe('Profile');
    expect(result.current.header.openMenu).toBe('Abrir menu');
  });
});
