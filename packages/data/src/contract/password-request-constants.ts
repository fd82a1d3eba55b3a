/**
 * "Pedir credencial ao cliente" (issue 14), free of zod: a request's states, their labels and the messages
 * the public link answers with.
 */

/** pendente (waiting for the client), recebido (answered), expirado (72 h passed), cancelado (by staff). */
export const REQUEST_LINK_STATES = ['pendente', 'recebido', 'expirado', 'cancelado'] as const;
export type VaultRequestState = (typeof REQUEST_LINK_STATES)[number];

export const REQUEST_STATE_LABELS: Record<VaultRequestState, string> = {
  pendente: 'Aguardando o cliente',
  recebido: 'Recebida',
  expirado: 'Expirado',
  cancelado: 'Cancelado',
};

/** What the public link answers once it is no longer usable (410), and for a token never issued (404). */
export const REQUEST_LINK_MESSAGES = {
  used: 'Este link já foi usado: a credencial foi entregue à equipe. Se precisar enviar outra, peça um novo link.',
  expired: 'Este link expirou (ele vale por 72 horas). Peça um novo link à equipe de suporte.',
  cancelled: 'Este pedido foi cancelado pela equipe de suporte.',
  invalid: 'Link inválido. Confira se ele foi copiado inteiro.',
  received:
    'Credencial recebida. Ela foi guardada criptografada no cofre da sua empresa; este link não vale mais.',
} as const;

/** Opens (and sends) of public request links one address may make in 10 minutes. */
export const REQUEST_LINK_CALLS_PER_WINDOW = 30;
export const REQUEST_LINK_WINDOW_MS = 10 * 60_000;

/** The folder a request's credential lands in when the request names none. */
export const REQUEST_DEFAULT_FOLDER = 'Enviadas pelo cliente';
