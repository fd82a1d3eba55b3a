import { useCompanyPasswordFigures } from '@farol/data/passwords';
import { Link } from 'react-router-dom';
import { CompanyFigure, CompanyFigurePlaceholder, FIGURE_LINK_CLASS } from '../../../lib/company-figure';
import type { CompanyTabProps } from '../../../lib/module-registry';

/**
 * The vault's figures on a company's Visão geral: its items the person reaches, and the rotations due within
 * 7 days or overdue, linking to the vault filtered by company.
 */
export function CompanyPasswordFigures({ companyId }: CompanyTabProps) {
  const figures = useCompanyPasswordFigures(companyId);
  if (!figures.data) {
    return (
      <>
        <CompanyFigurePlaceholder />
        <CompanyFigurePlaceholder />
      </>
    );
  }
  const { items, due, overdue } = figures.data;
  return (
    <>
      <CompanyFigure
        label="Senhas"
        value={items.toLocaleString('pt-BR')}
        detail={
          items === 0 ? (
            'Nenhuma no cofre'
          ) : (
            <Link to={`/passwords?empresa=${companyId}`} className={FIGURE_LINK_CLASS}>
              Ver senhas
            </Link>
          )
        }
      />
      <CompanyFigure
        label="Trocas de senha"
        value={due.toLocaleString('pt-BR')}
        tone={overdue > 0 ? 'alert' : undefined}
        detail={
          due === 0 ? (
            'Nenhuma troca próxima'
          ) : (
            <Link to={`/passwords?empresa=${companyId}&troca=proxima`} className={FIGURE_LINK_CLASS}>
              {overdue > 0
                ? `${overdue.toLocaleString('pt-BR')} vencida(s) · ver trocas`
                : 'Ver trocas próximas'}
            </Link>
          )
        }
      />
    </>
  );
}
