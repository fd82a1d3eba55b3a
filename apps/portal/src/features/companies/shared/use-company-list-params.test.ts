import { describe, expect, it } from 'vitest';
import {
  companyListHref,
  companyListSort,
  companyQueryParams,
  isCompanyListFiltered,
  nextCompanySort,
  readCompanyListUrl,
  withCompanyListChanges,
} from './use-company-list-params';

const read = (search: string) => readCompanyListUrl(new URLSearchParams(search));

describe('company list URL', () => {
  it('reads every filter, the order and the page', () => {
    expect(
      read(
        'q=s%C3%A3o+paulo&kind=cliente&status=ativo&uf=sp&manager=me&archived=true&sort=open_tickets&order=asc&page=3',
      ),
    ).toEqual({
      q: 'são paulo',
      kind: 'cliente',
      status: 'ativo',
      uf: 'SP',
      manager_id: 'me',
      archived: true,
      sort: 'open_tickets',
      order: 'asc',
      page: 3,
    });
    expect(read('manager=7')).toEqual({ manager_id: 7 });
  });

  it('drops what it does not know', () => {
    expect(read('kind=banco&status=x&uf=ZZ&manager=-1&archived=1&sort=cnpj&order=up&page=0&q=%20')).toEqual(
      {},
    );
  });

  it('keeps the default order (name A→Z) out of the URL, and writes both keys otherwise', () => {
    expect(read('sort=name&order=asc')).toEqual({});
    expect(read('sort=name')).toEqual({});
    expect(read('sort=created_at')).toEqual({ sort: 'created_at', order: 'desc' });
    expect(companyListHref({ sort: 'name', order: 'asc' })).toBe('/companies');
    expect(companyListHref({ sort: 'name', order: 'desc' })).toBe('/companies?sort=name&order=desc');
  });

  it('round-trips through the URL', () => {
    const params = read('q=acme&kind=fornecedor&uf=RJ&manager=2&sort=open_tickets&order=desc&page=2');
    expect(read(companyListHref(params).split('?')[1] ?? '')).toEqual(params);
  });

  it('a new filter starts again at page 1; a page change keeps the filters', () => {
    const params = read('q=acme&page=4');
    expect(withCompanyListChanges(params, { status: 'inativo' })).toEqual({ q: 'acme', status: 'inativo' });
    expect(withCompanyListChanges(params, { page: 5 })).toEqual({ q: 'acme', page: 5 });
    expect(withCompanyListChanges(params, { q: '' })).toEqual({});
  });

  it('says when the list is filtered (the order and the page do not count)', () => {
    expect(isCompanyListFiltered(read('sort=created_at&page=2'))).toBe(false);
    expect(isCompanyListFiltered(read('manager=me'))).toBe(true);
    expect(isCompanyListFiltered(read('archived=true'))).toBe(true);
  });
});

describe('company list order', () => {
  it('the sorted column flips; another column starts A→Z for names, largest first otherwise', () => {
    expect(nextCompanySort({ sort: 'name', order: 'asc' }, 'name')).toEqual({ sort: 'name', order: 'desc' });
    expect(nextCompanySort({ sort: 'name', order: 'asc' }, 'open_tickets')).toEqual({
      sort: 'open_tickets',
      order: 'desc',
    });
    expect(nextCompanySort({ sort: 'created_at', order: 'desc' }, 'name')).toEqual({
      sort: 'name',
      order: 'asc',
    });
  });

  it('asks the server with the order explicit and the page size fixed', () => {
    expect(companyListSort({})).toEqual({ sort: 'name', order: 'asc' });
    expect(companyQueryParams({ q: 'x' }, 25)).toEqual({ q: 'x', sort: 'name', order: 'asc', limit: 25 });
  });
});
