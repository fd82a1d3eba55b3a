import type { Branch } from '@farol/data';
import { formatCep } from '@farol/data/companies';

/** "Avenida Paulista, 100, Conjunto 12 – Bela Vista, São Paulo/SP, CEP 01310-100" ('' without an address). */
export function branchAddress(
  branch: Pick<Branch, 'street' | 'number' | 'complement' | 'district' | 'city' | 'uf' | 'cep'>,
): string {
  const street = [branch.street, branch.number, branch.complement].filter(Boolean).join(', ');
  const place = [branch.city, branch.uf].filter(Boolean).join('/');
  const rest = [branch.district, place, branch.cep ? `CEP ${formatCep(branch.cep)}` : null]
    .filter(Boolean)
    .join(', ');
  return [street, rest].filter(Boolean).join(' – ');
}
