import { SelectContent, SelectItem, type ComboboxOption } from '@farol/ui';

export const UFS = [
  { value: 'SP', label: 'São Paulo' },
  { value: 'RJ', label: 'Rio de Janeiro' },
  { value: 'MG', label: 'Minas Gerais' },
  { value: 'PR', label: 'Paraná' },
  { value: 'RS', label: 'Rio Grande do Sul' },
] as const;

export const COMPANIES: ComboboxOption[] = [
  { value: '1', label: 'Acme Indústria Ltda', description: '12.ABC.345/01DE-35' },
  { value: '2', label: 'Globex Comércio S.A.', description: '11.222.333/0001-81' },
  { value: '3', label: 'Initech Serviços de TI', description: '45.678.901/0001-23' },
  { value: '4', label: 'Conexão São Paulo Ltda', description: '98.765.432/0001-10' },
  { value: '5', label: 'Umbrella Farmacêutica', description: '33.444.555/0001-66', disabled: true },
  { value: '6', label: 'Stark Engenharia', description: '77.888.999/0001-00' },
];

/** The UF list of the form stories. */
export function UfSelectContent() {
  return (
    <SelectContent>
      {UFS.map((uf) => (
        <SelectItem key={uf.value} value={uf.value}>
          {uf.label}
        </SelectItem>
      ))}
    </SelectContent>
  );
}
