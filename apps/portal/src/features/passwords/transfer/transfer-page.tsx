import { Breadcrumbs, PageHeader, Tabs, TabsContent, TabsList, TabsTrigger } from '@farol/ui';
import { useSearchParams } from 'react-router-dom';
import { renderRouterLink } from '../../../lib/router-link';
import { ExportPanel } from './export-panel';
import { ImportPanel } from './import-panel';

type TransferTab = 'importar' | 'exportar';

/**
 * /passwords/transfer (passwords.manage): Importar — Bitwarden and KeePass CSV, or a Farol export, previewed
 * and reported row by row; Exportar — only encrypted, with a passphrase, audited per item.
 */
export function TransferPage() {
  const [search, setSearch] = useSearchParams();
  const tab: TransferTab = search.get('aba') === 'exportar' ? 'exportar' : 'importar';
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-4">
      <Breadcrumbs
        items={[{ label: 'Senhas', href: '/passwords' }, { label: 'Importar e exportar' }]}
        renderLink={renderRouterLink}
      />
      <PageHeader
        title="Importar e exportar"
        description="Traga as senhas do Bitwarden ou do KeePass com um relatório por linha; leve-as só cifradas, com registro."
      />
      <Tabs
        value={tab}
        onValueChange={(value) => {
          const next = new URLSearchParams(search);
          if (value === 'exportar') next.set('aba', 'exportar');
          else next.delete('aba');
          setSearch(next, { replace: true });
        }}
      >
        <TabsList>
          <TabsTrigger value="importar">Importar</TabsTrigger>
          <TabsTrigger value="exportar">Exportar</TabsTrigger>
        </TabsList>
        <TabsContent value="importar" className="pt-4">
          <ImportPanel />
        </TabsContent>
        <TabsContent value="exportar" className="pt-4">
          <ExportPanel />
        </TabsContent>
      </Tabs>
    </div>
  );
}
