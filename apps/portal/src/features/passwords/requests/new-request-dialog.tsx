import { createVaultRequestSchema } from '@farol/data/contract';
import {
  PASSWORD_KINDS,
  PASSWORD_KIND_LABELS,
  useCreateVaultRequest,
  usePasswordOptions,
  type CreatedVaultRequest,
  type PasswordKind,
} from '@farol/data/passwords';
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
  Spinner,
  Textarea,
} from '@farol/ui';
import { CopyIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import {
  fieldErrorsFromIssues,
  failureMessage,
  serverFieldErrors,
  type FieldErrors,
} from '../../../lib/form-errors';

const FIELDS = ['company_id', 'folder_id', 'kind', 'title', 'message'] as const;
type FormField = (typeof FIELDS)[number];
const NO_FOLDER = 'padrao';

/**
 * "Pedir credencial ao cliente": staff choose the company (fixed on its page), the folder, the kind and what
 * they ask for; the answer is a one-time link shown this once, to copy and send.
 */
export function NewRequestDialog({
  open,
  onOpenChange,
  companyId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** On a company's page the company is fixed. */
  companyId?: number;
}) {
  const options = usePasswordOptions();
  const create = useCreateVaultRequest();
  const [company, setCompany] = useState(companyId ? String(companyId) : '');
  const [folder, setFolder] = useState(NO_FOLDER);
  const [kind, setKind] = useState<PasswordKind>('login');
  const [title, setTitle] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<FieldErrors<FormField>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedVaultRequest | null>(null);
  const [copied, setCopied] = useState(false);

  const reset = () => {
    setCompany(companyId ? String(companyId) : '');
    setFolder(NO_FOLDER);
    setKind('login');
    setTitle('');
    setMessage('');
    setErrors({});
    setFailure(null);
    setCreated(null);
    setCopied(false);
  };
  const close = (next: boolean) => {
    if (!next) reset();
    onOpenChange(next);
  };

  const folders = (options.data?.folders ?? []).filter(
    (entry) =>
      entry.company?.id === Number(company) && (entry.access === 'editar' || entry.access === 'gerenciar'),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const input = {
      company_id: company ? Number(company) : undefined,
      folder_id: folder === NO_FOLDER ? null : Number(folder),
      kind,
      title,
      message,
    };
    const parsed = createVaultRequestSchema.safeParse(input);
    if (!parsed.success) {
      const found = fieldErrorsFromIssues(parsed.error.issues, FIELDS);
      if (!company) found.company_id = 'Informe a empresa';
      return setErrors(found);
    }
    setErrors({});
    create.mutate(input as Parameters<typeof create.mutate>[0], {
      onSuccess: (answer) => setCreated(answer),
      onError: (error) => {
        const found = serverFieldErrors(error, FIELDS);
        setErrors(found.fields);
        setFailure(
          found.other[0] ??
            (Object.keys(found.fields).length
              ? null
              : failureMessage(error, 'Não foi possível criar o pedido.')),
        );
      },
    });
  };

  const copy = async () => {
    if (!created) return;
    await navigator.clipboard.writeText(created.link).catch(() => undefined);
    setCopied(true);
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{created ? 'Link do pedido' : 'Pedir credencial ao cliente'}</DialogTitle>
          <DialogDescription>
            {created
              ? 'Este link aparece só agora: copie e envie ao contato do cliente. Ele vale 72 horas e uma única vez; o pedido também aparece no portal do cliente.'
              : 'O cliente digita a credencial num link de uso único (ou no portal) e ela chega cifrada na pasta da empresa.'}
          </DialogDescription>
        </DialogHeader>
        {created ? (
          <div className="flex flex-col gap-3">
            <Field>
              <FieldLabel>Link para {created.request.company.name}</FieldLabel>
              <Input
                readOnly
                value={created.link}
                className="font-mono text-xs"
                onFocus={(event) => event.target.select()}
              />
            </Field>
            <p role="status" className="min-h-5 text-sm text-muted-foreground">
              {copied ? 'Link copiado.' : null}
            </p>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => close(false)}>
                Concluído
              </Button>
              <Button type="button" onClick={() => void copy()}>
                <CopyIcon aria-hidden="true" />
                Copiar link
              </Button>
            </DialogFooter>
          </div>
        ) : (
          <form
            noValidate
            className="flex flex-col gap-3"
            onSubmit={submit}
            aria-label="Pedir credencial ao cliente"
          >
            {companyId === undefined ? (
              <Field invalid={Boolean(errors.company_id)}>
                <FieldLabel>Empresa</FieldLabel>
                <Select
                  value={company}
                  onValueChange={(value) => {
                    setCompany(value);
                    setFolder(NO_FOLDER);
                  }}
                >
                  <SelectTrigger aria-label="Empresa">
                    <SelectValue placeholder="Escolha a empresa" />
                  </SelectTrigger>
                  <SelectContent>
                    {(options.data?.companies ?? []).map((entry) => (
                      <SelectItem key={entry.id} value={String(entry.id)}>
                        {entry.name}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
                <FieldError>{errors.company_id}</FieldError>
              </Field>
            ) : null}
            <Field invalid={Boolean(errors.folder_id)}>
              <FieldLabel>Pasta</FieldLabel>
              <Select value={folder} onValueChange={setFolder}>
                <SelectTrigger aria-label="Pasta">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={NO_FOLDER}>Enviadas pelo cliente (criada se preciso)</SelectItem>
                  {folders.map((entry) => (
                    <SelectItem key={entry.id} value={String(entry.id)}>
                      {entry.name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              <FieldError>{errors.folder_id}</FieldError>
            </Field>
            <Field invalid={Boolean(errors.kind)}>
              <FieldLabel>Tipo</FieldLabel>
              <Select value={kind} onValueChange={(value) => setKind(value as PasswordKind)}>
                <SelectTrigger aria-label="Tipo">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {PASSWORD_KINDS.map((entry) => (
                    <SelectItem key={entry} value={entry}>
                      {PASSWORD_KIND_LABELS[entry]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              <FieldError>{errors.kind}</FieldError>
            </Field>
            <Field invalid={Boolean(errors.title)}>
              <FieldLabel>O que você está pedindo</FieldLabel>
              <Input
                value={title}
                onChange={(event) => setTitle(event.target.value)}
                placeholder="Ex.: Senha do roteador da recepção"
                maxLength={200}
              />
              <FieldHint>Vira o nome do item no cofre.</FieldHint>
              <FieldError>{errors.title}</FieldError>
            </Field>
            <Field invalid={Boolean(errors.message)}>
              <FieldLabel>Mensagem ao cliente</FieldLabel>
              <Textarea
                value={message}
                onChange={(event) => setMessage(event.target.value)}
                rows={3}
                maxLength={1000}
              />
              <FieldError>{errors.message}</FieldError>
            </Field>
            {failure ? (
              <p role="alert" className="text-sm text-destructive">
                {failure}
              </p>
            ) : null}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => close(false)}>
                Cancelar
              </Button>
              <Button type="submit" disabled={create.isPending}>
                {create.isPending ? <Spinner /> : null}
                Criar link
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
