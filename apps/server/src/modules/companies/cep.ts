/**
 * The optional address lookup by CEP: the server asks a configured provider (FAROL_CEP_PROVIDER_URL, such as
 * `https://viacep.com.br/ws/{cep}/json/`; off by default), with a timeout and an in-memory cache, so forms get
 * an address without the browser talking to a third party. The forms work without it.
 */
import { isUf, normalizeCep, type CepAddress } from '@farol/data/contract';

export const CEP_TIMEOUT_MS = 3_000;
const CACHE_SIZE = 2_000;
const CACHE_TTL_MS = 24 * 60 * 60 * 1000;

/** The provider failed (down, slow, or an answer that is not an address). */
export class CepUnavailableError extends Error {
  constructor(cause?: unknown) {
    super('CEP provider unavailable', { cause });
    this.name = 'CepUnavailableError';
  }
}

/** An address for a CEP (8 digits), null when the provider does not know it; throws CepUnavailableError. */
export type CepLookup = (cep: string) => Promise<CepAddress | null>;

export interface CepLookupOptions {
  /** The provider's URL with `{cep}` where the 8 digits go (else they are appended). */
  url: string;
  timeoutMs?: number;
  now?: () => number;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/** ViaCEP's answer (logradouro, bairro, localidade, uf) or BrasilAPI's (street, neighborhood, city, state). */
const toAddress = (cep: string, body: Record<string, unknown>): CepAddress | null => {
  if (body.erro === true || body.erro === 'true') return null;
  const uf = text(body.uf) ?? text(body.state);
  const address: CepAddress = {
    cep,
    street: text(body.logradouro) ?? text(body.street),
    district: text(body.bairro) ?? text(body.neighborhood),
    city: text(body.localidade) ?? text(body.city),
    uf: uf && isUf(uf.toUpperCase()) ? (uf.toUpperCase() as CepAddress['uf']) : null,
  };
  if (!address.street && !address.city && !address.uf) throw new CepUnavailableError('not an address');
  return address;
};

export const createCepLookup = ({
  url,
  timeoutMs = CEP_TIMEOUT_MS,
  now = Date.now,
}: CepLookupOptions): CepLookup => {
  const cache = new Map<string, { address: CepAddress | null; at: number }>();
  const pending = new Map<string, Promise<CepAddress | null>>();

  const ask = async (cep: string): Promise<CepAddress | null> => {
    const target = url.includes('{cep}') ? url.replaceAll('{cep}', cep) : `${url}${cep}`;
    let response: Response;
    try {
      response = await fetch(target, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new CepUnavailableError(error);
    }
    if (response.status === 404 || response.status === 400) {
      await response.body?.cancel();
      return null;
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new CepUnavailableError(`status ${response.status}`);
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch (error) {
      throw new CepUnavailableError(error);
    }
    if (typeof body !== 'object' || body === null) throw new CepUnavailableError('not an object');
    return toAddress(cep, body as Record<string, unknown>);
  };

  return async (value) => {
    const cep = normalizeCep(value);
    const kept = cache.get(cep);
    if (kept && now() - kept.at < CACHE_TTL_MS) return kept.address;
    let running = pending.get(cep);
    if (!running) {
      running = ask(cep).then((address) => {
        // Answers (found or not) are kept; failures are not, so the next try asks again.
        cache.delete(cep);
        if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
        cache.set(cep, { address, at: now() });
        return address;
      });
      pending.set(cep, running);
      void running.finally(() => pending.delete(cep)).catch(() => undefined);
    }
    return running;
  };
};
