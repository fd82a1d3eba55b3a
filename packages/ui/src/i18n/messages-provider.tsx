import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { mergeMessages } from './merge-messages';
import { defaultMessages, type DeepPartial, type Messages } from './messages';

const MessagesContext = createContext<Messages>(defaultMessages);

export interface MessagesProviderProps {
  /** Texts to replace; anything omitted keeps the pt-BR default (or the enclosing provider's text). */
  messages?: DeepPartial<Messages>;
  children: ReactNode;
}

export function MessagesProvider({ messages, children }: MessagesProviderProps) {
  const parent = useContext(MessagesContext);
  const value = useMemo(() => mergeMessages(parent, messages), [parent, messages]);
  return <MessagesContext.Provider value={value}>{children}</MessagesContext.Provider>;
}

/**
 * The kit's texts. Unlike most context hooks it works without a provider (the pt-BR defaults),
 * so every component renders correctly when dropped into an app on its own.
 */
export function useMessages(): Messages {
  return useContext(MessagesContext);
}
