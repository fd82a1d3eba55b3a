import type { Ticket } from '@farol/data';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, Spinner } from '@farol/ui';
import { Suspense, lazy } from 'react';
import { useNavigate } from 'react-router-dom';
import { ticketDetailsPath } from '../shared/ticket-labels';

// The form carries the contract's zod schema: it loads when the dialog first opens, so a page that only
// offers the button (list, dashboard, portal home) does not ship the validation code.
const NewTicketForm = lazy(async () => ({ default: (await import('./new-ticket-form')).NewTicketForm }));

export interface NewTicketDialogProps {
  area: 'staff' | 'client';
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated?: (ticket: Ticket) => void;
}

/** "Novo chamado": the form in a dialog; once created, the dialog closes and the new chamado opens. */
export function NewTicketDialog({ area, open, onOpenChange, onCreated }: NewTicketDialogProps) {
  const navigate = useNavigate();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Novo chamado</DialogTitle>
          <DialogDescription>
            {area === 'staff'
              ? 'Abra um chamado em nome de uma empresa cliente.'
              : 'Descreva o problema; a equipe de suporte responde por aqui.'}
          </DialogDescription>
        </DialogHeader>
        <Suspense
          fallback={
            <div className="flex justify-center py-10">
              <Spinner label="Carregando formulário…" showLabel />
            </div>
          }
        >
          <NewTicketForm
            area={area}
            onCancel={() => onOpenChange(false)}
            onCreated={(ticket) => {
              onOpenChange(false);
              onCreated?.(ticket);
              void navigate(ticketDetailsPath(ticket.id, area));
            }}
          />
        </Suspense>
      </DialogContent>
    </Dialog>
  );
}
