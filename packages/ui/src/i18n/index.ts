export { defaultMessages } from './messages';
export type { Messages, DeepPartial } from './messages';
export { mergeMessages } from './merge-messages';
export { MessagesProvider, useMessages } from './messages-provider';
export type { MessagesProviderProps } from './messages-provider';
