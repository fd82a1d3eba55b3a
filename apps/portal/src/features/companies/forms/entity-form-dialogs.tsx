import type { Branch, CompanyContact } from '@farol/data';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@farol/ui';
import { Suspense, lazy } from 'react';
import { FormLoading } from './company-form-dialog';

// The forms carry the contract's zod schemas: each loads when its dialog first opens.
const BranchForm = lazy(async () => ({ default: (await import('./branch-form')).BranchForm }));
const ContactForm = lazy(async () => ({ default: (await import('./contact-form')).ContactForm }));

interface DialogState {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export interface BranchFormDialogProps extends DialogState {
  companyId: number;
  companyName: string;
  /** The branch to edit; a new one without it. */
  branch?: Branch;
  suggestedCnpj: string | null;
}

export function BranchFormDialog({
  open,
  onOpenChange,
  companyId,
  companyName,
  branch,
  suggestedCnpj,
}: BranchFormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{branch ? 'Editar filial' : 'Nova filial'}</DialogTitle>
          <DialogDescription>
            {branch ? `${branch.name}, de ${companyName}.` : `Um endereço de ${companyName}.`}
          </DialogDescription>
        </DialogHeader>
        <Suspense fallback={<FormLoading />}>
          <BranchForm
            companyId={companyId}
            branch={branch}
            suggestedCnpj={suggestedCnpj}
            onCancel={() => onOpenChange(false)}
            onSaved={() => onOpenChange(false)}
          />
        </Suspense>
      </DialogContent>
    </Dialog>
  );
}

export interface ContactFormDialogProps extends DialogState {
  companyId: number;
  companyName: string;
  /** The contact to edit; a new one without it. */
  contact?: CompanyContact;
}

export function ContactFormDialog({
  open,
  onOpenChange,
  companyId,
  companyName,
  contact,
}: ContactFormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{contact ? 'Editar contato' : 'Novo contato'}</DialogTitle>
          <DialogDescription>
            {contact ? `${contact.name}, de ${companyName}.` : `Uma pessoa de ${companyName}.`}
          </DialogDescription>
        </DialogHeader>
        <Suspense fallback={<FormLoading />}>
          <ContactForm
            companyId={companyId}
            contact={contact}
            onCancel={() => onOpenChange(false)}
            onSaved={() => onOpenChange(false)}
          />
        </Suspense>
      </DialogContent>
    </Dialog>
  );
}
