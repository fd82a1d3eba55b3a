import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CsvError, companyInput, contactInput, csvFile, headerKey, parseCsv, writeCsv } from './csv';

describe('parseCsv', () => {
  it('reads RFC 4180: quoted fields with separators, quotes and line breaks, CRLF or LF', () => {
    const table = parseCsv('nome,obs\r\n"Acme, Ltda.","diz ""olá""\nem duas linhas"\r\nGlobex,\n');
    expect(table.delimiter).toBe(',');
    expect(table.header).toEqual(['nome', 'obs']);
    expect(table.records).toEqual([
      { line: 2, cells: ['Acme, Ltda.', 'diz "olá"\nem duas linhas'] },
      { line: 4, cells: ['Globex', ''] },
    ]);
  });

  it("detects ';' (Excel in pt-BR), drops a BOM, skips blank lines and names columns by their header", () => {
    const table = parseCsv(
      '\uFEFFNome;Razão Social;Domínios-email\n\nPadaria; "Pão; Cia" ;a.com.br,b.com.br\n',
    );
    expect(table.delimiter).toBe(';');
    expect(table.header).toEqual(['nome', 'razao_social', 'dominios_email']);
    expect(table.records).toEqual([{ line: 3, cells: ['Padaria', 'Pão; Cia', 'a.com.br,b.com.br'] }]);
  });

  it('refuses a quote left open and text after a closing quote, with the line', () => {
    expect(() => parseCsv('a,b\n1,"aberto\n')).toThrow(CsvError);
    expect(() => parseCsv('a,b\n1,"aberto\n')).toThrow('Linha 2: aspas abertas sem fechar');
    expect(() => parseCsv('a,b\n1,"x"y\n')).toThrow('Linha 2: texto depois de aspas fechadas');
  });

  it('reads back whatever writeCsv wrote', () => {
    const cell = fc.string({ unit: fc.constantFrom('a', 'Ç', ' ', ',', ';', '"', '\n', '\r\n', 'x', '1') });
    fc.assert(
      fc.property(
        fc.array(fc.array(cell, { minLength: 2, maxLength: 2 }), { minLength: 1, maxLength: 5 }),
        fc.constantFrom(',' as const, ';' as const),
        (rows, delimiter) => {
          // Blank records are skipped by design; the header keeps the table's shape.
          const kept = rows.filter((row) => !(row.length === 1 && row[0]!.trim() === ''));
          const text = writeCsv([['h1', 'h2'], ...kept], delimiter);
          const table = parseCsv(text, delimiter);
          const safe = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);
          expect(table.records.map((record) => record.cells)).toEqual(kept.map((row) => row.map(safe)));
        },
      ),
    );
  });
});

describe('writing', () => {
  it('quotes only where needed, ends lines with CRLF and defuses formulas', () => {
    expect(
      writeCsv([
        ['a;b', 'c"d', ' e', 'f'],
        ['=SOMA(A1)', '+5511', '-1', '@x'],
      ]),
    ).toBe('"a;b";"c""d";" e";f\r\n\'=SOMA(A1);\'+5511;\'-1;\'@x\r\n');
  });

  it('starts the export file with a UTF-8 BOM', () => {
    const bytes = csvFile([['nome'], ['São Paulo']]);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString('utf8')).toBe('nome\r\nSão Paulo\r\n');
  });

  it('names columns as the import reads them', () => {
    expect(headerKey('  Inscrição Estadual ')).toBe('inscricao_estadual');
  });
});

describe('rows as schema inputs', () => {
  it('maps company columns, leaving blanks out and reading kinds, statuses and domain lists', () => {
    expect(
      companyInput({
        nome: 'Acme',
        razao_social: 'Acme Ltda.',
        tipo: 'Fornecedor',
        status: 'Inativa',
        dominios_email: 'acme.com.br; acme.com , acme.net',
        telefone: '(11) 3333-4444',
      }),
    ).toEqual({
      name: 'Acme',
      legal_name: 'Acme Ltda.',
      kind: 'fornecedor',
      status: 'inativo',
      email_domains: ['acme.com.br', 'acme.com', 'acme.net'],
      phone: '(11) 3333-4444',
    });
  });

  it("maps contact flags written as 'sim'/'não', 'x' or 1/0", () => {
    expect(
      contactInput({ nome: 'Ana', whatsapp: 'Sim', principal: 'x', financeiro: 'não', vip: 'talvez' }),
    ).toEqual({
      name: 'Ana',
      whatsapp: true,
      primary: true,
      billing: false,
      vip: 'talvez',
    });
  });
});
