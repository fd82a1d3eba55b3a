import { describe, expect, it } from 'vitest';
import { directoryHref, readDirectoryUrl, withDirectoryChanges } from './use-directory-params';

describe('the directory URL', () => {
  it('reads the filters it knows and drops the malformed ones', () => {
    expect(
      readDirectoryUrl(
        new URLSearchParams('q=%20jo%C3%A3o%20&company=100&role=TECNICO&status=ausente&page=2'),
      ),
    ).toEqual({
      q: 'joão',
      company_id: 100,
      role: 'tecnico',
      status: 'ausente',
      page: 2,
    });
    expect(readDirectoryUrl(new URLSearchParams('company=none'))).toEqual({ company_id: 'none' });
    expect(readDirectoryUrl(new URLSearchParams('company=abc&status=sumido&page=0&role=%3Cb%3E'))).toEqual(
      {},
    );
  });

  it('writes them back, and a new filter starts at page 1', () => {
    expect(directoryHref({ q: 'ana', company_id: 'none', role: 'gestor', status: 'online', page: 3 })).toBe(
      '/users?q=ana&company=none&role=gestor&status=online&page=3',
    );
    expect(directoryHref({})).toBe('/users');
    expect(withDirectoryChanges({ q: 'ana', page: 3 }, { status: 'offline' })).toEqual({
      q: 'ana',
      status: 'offline',
    });
    expect(withDirectoryChanges({ q: 'ana', status: 'online' }, { status: undefined, page: 2 })).toEqual({
      q: 'ana',
      page: 2,
    });
  });
});
