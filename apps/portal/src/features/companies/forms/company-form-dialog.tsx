import type { Company } from '@farol/data';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, Spinner } from '@farol/ui';
import { Suspense, lazy } from 'react';
import { useNavigate } from 'react-router-dom';
import { companyPath } from '../shared/company-format';

// The form carries the contract's zod schemas: it loads when the dialog first opens, so the list and the
// company page do not ship the validation code.
const CompanyForm = lazy(async () => ({ default: (await import('./company-form')).CompanyForm }));

export function FormLoading() {
  return (
    <div className="flex justify-center py-10">
      <Spinner label="Carregando formulário…" showLabel />
    </div>
  );
}

export interface CompanyFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The company to edit; "Nova empresa" without it (the new company then opens). */
  company?: Company;
}

export function CompanyFormDialog({ open, onOpenChange, company }: CompanyFormDialogProps) {
  const navigate = useNavigate();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>{company ? 'Editar empresa' : 'Nova empresa'}</DialogTitle>
          <DialogDescription>
            {company
              ? `Os dados de ${company.name}. Campos com * são obrigatórios.`
              : 'Cadastre um cliente, prospect, fornecedor ou parceiro. Campos com * são obrigatórios.'}
          </DialogDescription>
        </DialogHeader>
        <Suspense fallback={<FormLoading />}>
          <CompanyForm
            company={company}
            onCancel={() => onOpenChange(false)}
            onSaved={(saved) => {
              onOpenChange(false);
              if (!company) void navigate(companyPath(saved.id));
            }}
          />
        </Suspense>
      </DialogContent>
    </Dialog>
  );
}
