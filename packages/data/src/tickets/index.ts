// Tickets for apps: the contract's plain constants and rules (no zod) and the helpers the screens share.
export * from '../contract/ticket-constants';
export * from './ticket-rules';
