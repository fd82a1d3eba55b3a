import type { TaskBoardKind } from '@farol/data';
import { TASK_TEMPLATES, taskPagePath, useCreateTaskBoard, useTaskOptions } from '@farol/data/tasks';
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Field,
  FieldError,
  FieldHint,
  FieldLabel,
  Input,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  Textarea,
  toast,
} from '@farol/ui';
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { failureMessage, serverFieldErrors } from '../../../lib/form-errors';

const NONE = 'nenhum';
const FIELDS = ['name', 'description', 'company_id', 'kind', 'template_key'] as const;

export interface NewBoardDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** "Novo quadro": name, description, optional company, interno or cliente, and an optional template. */
export function NewBoardDialog({ open, onOpenChange }: NewBoardDialogProps) {
  const navigate = useNavigate();
  const create = useCreateTaskBoard();
  const options = useTaskOptions({ enabled: open });
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [companyId, setCompanyId] = useState(NONE);
  const [kind, setKind] = useState<TaskBoardKind>('interna');
  const [template, setTemplate] = useState(NONE);
  const [errors, setErrors] = useState<Partial<Record<(typeof FIELDS)[number], string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const nameRef = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setErrors({ name: 'Informe o nome do quadro' });
      nameRef.current?.focus();
      return;
    }
    setErrors({});
    setFailure(null);
    create.mutate(
      {
        name: name.trim(),
        description: description.trim() || null,
        company_id: companyId === NONE ? null : Number(companyId),
        kind,
        ...(template === NONE ? {} : { template_key: template }),
      },
      {
        onSuccess: (board) => {
          toast.success(`Quadro ${board.name} criado.`, { id: `board-${board.id}` });
          onOpenChange(false);
          void navigate(taskPagePath(board.id));
        },
        onError: (error) => {
          const mapped = serverFieldErrors(error, FIELDS);
          setErrors(mapped.fields);
          setFailure(mapped.other[0] ?? failureMessage(error, 'Não foi possível criar o quadro.'));
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Novo quadro</DialogTitle>
          <DialogDescription>Campos com * são obrigatórios.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} aria-label="Novo quadro" className="flex flex-col gap-4">
          <Field required>
            <FieldLabel>Nome</FieldLabel>
            <Input
              ref={nameRef}
              autoFocus
              autoComplete="off"
              maxLength={120}
              value={name}
              onChange={(event) => setName(event.target.value)}
              placeholder="Ex.: Implantação Globex"
            />
            <FieldError>{errors.name}</FieldError>
          </Field>
          <Field>
            <FieldLabel>Descrição</FieldLabel>
            <Textarea
              value={description}
              maxLength={2000}
              onChange={(event) => setDescription(event.target.value)}
            />
            <FieldError>{errors.description}</FieldError>
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field>
              <FieldLabel>Empresa</FieldLabel>
              <Select value={companyId} onValueChange={setCompanyId}>
                <SelectTrigger>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={NONE}>Nenhuma (interno)</SelectItem>
                  {(options.data?.companies ?? []).map((company) => (
                    <SelectItem key={company.id} value={String(company.id)}>
                      {company.name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              <FieldError>{errors.company_id}</FieldError>
            </Field>
            <Field>
              <FieldLabel>Tipo</FieldLabel>
              <Select value={kind} onValueChange={(value) => setKind(value as TaskBoardKind)}>
                <SelectTrigger>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value="interna">Interno</SelectItem>
                  <SelectItem value="cliente">Cliente</SelectItem>
                </SelectContent>
              </Select>
            </Field>
          </div>
          <Field>
            <FieldLabel>Modelo</FieldLabel>
            <Select value={template} onValueChange={setTemplate}>
              <SelectTrigger>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={NONE}>Quadro vazio</SelectItem>
                {TASK_TEMPLATES.map((item) => (
                  <SelectItem key={item.key} value={item.key}>
                    {item.name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <FieldHint>
              {TASK_TEMPLATES.find((item) => item.key === template)?.description ??
                'Colunas Backlog, A fazer, Em andamento e Concluído.'}
            </FieldHint>
          </Field>
          {failure ? (
            <p role="alert" className="text-sm text-destructive">
              {failure}
            </p>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancelar
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Criando…' : 'Criar quadro'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
