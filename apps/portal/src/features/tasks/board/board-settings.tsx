import type { TaskBoardView, TaskColumn, TaskLabel } from '@farol/data';
import { applyTaskTemplateSchema, createTaskColumnSchema, createTaskLabelSchema } from '@farol/data/contract';
import {
  TASK_COLORS,
  TASK_COLOR_LABELS,
  TASK_STATE_GROUPS,
  TASK_TEMPLATES,
  TASK_STATE_GROUP_LABELS,
  TASK_WIP_MODES,
  TASK_WIP_MODE_LABELS,
  orderKeyBetween,
  useApplyTaskTemplate,
  useCreateTaskColumn,
  useCreateTaskLabel,
  useDeleteTaskColumn,
  useDeleteTaskLabel,
  useUpdateTaskColumn,
  useUpdateTaskLabel,
} from '@farol/data/tasks';
import {
  Button,
  ConfirmDialog,
  Dialog,
  DialogContent,
  DialogDescription,
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
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  toast,
} from '@farol/ui';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeftIcon, ArrowRightIcon, PencilIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm, type FieldValues, type Path, type UseFormSetError } from 'react-hook-form';
import { failureMessage, serverFieldErrors } from '../../../lib/form-errors';
import { TASK_COLOR_CSS } from '../shared/task-format';

// "Configurar quadro" (tasks.manage): the board's columns (name, colour, state group, WIP limit and mode,
// order, removal with their tasks moved) and its labels (global or this board's, colour, parent). Forms follow
// design.md §6: react-hook-form with the contract's zod schema, server `details` under their fields.

const NONE = 'nenhuma';
const GLOBAL = 'global';

/** A refused save's messages under their fields; answers what is left for the form's alert (or null). */
function showServerErrors<F extends FieldValues>(
  error: unknown,
  fields: readonly Path<F>[],
  setError: UseFormSetError<F>,
  fallback: string,
): string | null {
  const server = serverFieldErrors(error, fields);
  const named = fields.filter((field) => server.fields[field]);
  named.forEach((field, index) =>
    setError(field, { type: 'server', message: server.fields[field]! }, { shouldFocus: index === 0 }),
  );
  if (named.length > 0 && server.other.length === 0) return null;
  return [failureMessage(error, fallback), ...server.other].join(' ');
}

function ColorSwatch({ color }: { color: TaskColumn['color'] }) {
  return (
    <span
      aria-hidden="true"
      className="inline-block size-3 shrink-0 rounded-full"
      style={{ backgroundColor: TASK_COLOR_CSS[color] }}
    />
  );
}

function ColorSelect({
  value,
  onChange,
  id,
}: {
  value: TaskColumn['color'];
  onChange: (value: TaskColumn['color']) => void;
  id?: string;
}) {
  return (
    <Select value={value} onValueChange={(next) => onChange(next as TaskColumn['color'])}>
      <SelectTrigger id={id}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {TASK_COLORS.map((color) => (
          <SelectItem key={color} value={color}>
            <span className="flex items-center gap-2">
              <ColorSwatch color={color} />
              {TASK_COLOR_LABELS[color]}
            </span>
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

// ---------------------------------------------------------------- columns

const COLUMN_FIELDS = ['name', 'color', 'state_group', 'wip_limit', 'wip_mode'] as const;

function ColumnForm({
  boardId,
  column,
  onDone,
}: {
  boardId: number;
  column?: TaskColumn;
  onDone: () => void;
}) {
  const create = useCreateTaskColumn(boardId);
  const update = useUpdateTaskColumn(boardId);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(createTaskColumnSchema),
    defaultValues: {
      name: column?.name ?? '',
      color: column?.color ?? 'gray',
      state_group: column?.state_group ?? 'a_fazer',
      wip_limit: column?.wip_limit ?? null,
      wip_mode: column?.wip_mode ?? 'aviso',
    },
  });
  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const { position: _position, ...fields } = values;
    try {
      if (column) await update.mutateAsync({ columnId: column.id, changes: fields });
      else await create.mutateAsync(fields);
      toast.success(column ? 'Coluna atualizada.' : 'Coluna criada.');
      onDone();
    } catch (error) {
      setFailure(showServerErrors(error, COLUMN_FIELDS, setError, 'Não foi possível salvar a coluna.'));
    }
  });
  const label = column ? `Editar coluna ${column.name}` : 'Nova coluna';
  return (
    <form
      noValidate
      aria-label={label}
      onSubmit={(event) => void onSubmit(event)}
      className="grid gap-3 rounded-lg border p-3 sm:grid-cols-2"
    >
      <Field required className="sm:col-span-2">
        <FieldLabel>Nome da coluna</FieldLabel>
        <Input autoFocus autoComplete="off" maxLength={60} {...register('name')} />
        <FieldError>{errors.name?.message}</FieldError>
      </Field>
      <Controller
        control={control}
        name="color"
        render={({ field }) => (
          <Field>
            <FieldLabel>Cor</FieldLabel>
            <ColorSelect value={field.value ?? 'gray'} onChange={field.onChange} />
          </Field>
        )}
      />
      <Controller
        control={control}
        name="state_group"
        render={({ field }) => (
          <Field>
            <FieldLabel>Grupo de estado</FieldLabel>
            <Select value={field.value ?? 'a_fazer'} onValueChange={field.onChange}>
              <SelectTrigger>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {TASK_STATE_GROUPS.map((group) => (
                  <SelectItem key={group} value={group}>
                    {TASK_STATE_GROUP_LABELS[group]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </Field>
        )}
      />
      <Controller
        control={control}
        name="wip_limit"
        render={({ field, fieldState }) => (
          <Field>
            <FieldLabel>Limite WIP</FieldLabel>
            <Input
              ref={field.ref}
              name={field.name}
              type="number"
              inputMode="numeric"
              min={1}
              max={999}
              value={field.value ?? ''}
              onBlur={field.onBlur}
              onChange={(event) =>
                field.onChange(event.target.value === '' ? null : Number(event.target.value))
              }
            />
            <FieldHint>Vazio: sem limite. Conta a coluna em todas as raias.</FieldHint>
            <FieldError>{fieldState.error?.message}</FieldError>
          </Field>
        )}
      />
      <Controller
        control={control}
        name="wip_mode"
        render={({ field }) => (
          <Field>
            <FieldLabel>Modo do limite</FieldLabel>
            <Select value={field.value ?? 'aviso'} onValueChange={field.onChange}>
              <SelectTrigger>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {TASK_WIP_MODES.map((mode) => (
                  <SelectItem key={mode} value={mode}>
                    {TASK_WIP_MODE_LABELS[mode]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <FieldHint>Aviso colore o cabeçalho; bloqueio recusa o que passar do limite.</FieldHint>
          </Field>
        )}
      />
      {failure ? (
        <p role="alert" className="text-sm text-destructive sm:col-span-2">
          {failure}
        </p>
      ) : null}
      <div className="flex justify-end gap-2 sm:col-span-2">
        <Button type="button" variant="outline" onClick={onDone}>
          Cancelar
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {column ? 'Salvar coluna' : 'Criar coluna'}
        </Button>
      </div>
    </form>
  );
}

function DeleteColumn({
  boardId,
  column,
  columns,
}: {
  boardId: number;
  column: TaskColumn;
  columns: TaskColumn[];
}) {
  const remove = useDeleteTaskColumn(boardId);
  const others = columns.filter((item) => item.id !== column.id);
  const [moveTo, setMoveTo] = useState<string>(others[0] ? String(others[0].id) : '');
  const hasTasks = column.task_count > 0;
  return (
    <ConfirmDialog
      variant="destructive"
      trigger={
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={`Excluir coluna ${column.name}`}
          disabled={others.length === 0}
        >
          <Trash2Icon aria-hidden="true" />
        </Button>
      }
      title={`Excluir a coluna ${column.name}?`}
      description={
        hasTasks
          ? `Ela tem ${column.task_count === 1 ? '1 tarefa' : `${column.task_count} tarefas`}, que irão para o fim da coluna escolhida.`
          : 'Ela não tem tarefas.'
      }
      confirmLabel="Excluir coluna"
      errorMessage="Não foi possível excluir a coluna."
      onConfirm={async () => {
        try {
          await remove.mutateAsync({ columnId: column.id, ...(hasTasks ? { moveTo: Number(moveTo) } : {}) });
        } catch (error) {
          throw new Error(failureMessage(error, 'Não foi possível excluir a coluna.'));
        }
        toast.success(`Coluna ${column.name} excluída.`);
      }}
    >
      {hasTasks ? (
        <Field>
          <FieldLabel>Mover as tarefas para</FieldLabel>
          <Select value={moveTo} onValueChange={setMoveTo}>
            <SelectTrigger>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {others.map((item) => (
                <SelectItem key={item.id} value={String(item.id)}>
                  {item.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </Field>
      ) : null}
    </ConfirmDialog>
  );
}

function ColumnsTab({ view }: { view: TaskBoardView }) {
  const boardId = view.board.id;
  const update = useUpdateTaskColumn(boardId);
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const columns = view.columns;
  /** One row written: the column takes a key between its new neighbours. */
  const shift = (index: number, by: -1 | 1) => {
    const column = columns[index]!;
    const target = index + by;
    const before = by < 0 ? columns[target - 1] : columns[target];
    const after = by < 0 ? columns[target] : columns[target + 1];
    update.mutate(
      {
        columnId: column.id,
        changes: { position: orderKeyBetween(before?.position ?? null, after?.position ?? null) },
      },
      {
        onSuccess: () =>
          toast.success(
            `Coluna ${column.name} ${by < 0 ? 'movida para a esquerda' : 'movida para a direita'}.`,
          ),
        onError: (error) => toast.error(failureMessage(error, 'Não foi possível mover a coluna.')),
      },
    );
  };
  return (
    <div className="flex flex-col gap-3">
      <ol aria-label="Colunas do quadro" className="flex flex-col gap-2">
        {columns.map((column, index) => (
          <li key={column.id} className="flex flex-col gap-2">
            <div className="flex flex-wrap items-center gap-2 rounded-lg border px-3 py-2">
              <ColorSwatch color={column.color} />
              <span className="min-w-0 flex-1 truncate font-medium">{column.name}</span>
              <span className="text-xs text-muted-foreground">
                {TASK_STATE_GROUP_LABELS[column.state_group]}
                {column.wip_limit !== null
                  ? ` · WIP ${column.wip_limit} (${TASK_WIP_MODE_LABELS[column.wip_mode].toLowerCase()})`
                  : ''}
                {` · ${column.task_count === 1 ? '1 tarefa' : `${column.task_count} tarefas`}`}
              </span>
              <div className="flex items-center">
                <Button
                  variant="ghost"
                  size="icon-sm"
                  aria-label={`Mover coluna ${column.name} para a esquerda`}
                  disabled={index === 0 || update.isPending}
                  onClick={() => shift(index, -1)}
                >
                  <ArrowLeftIcon aria-hidden="true" />
                </Button>
                <Button
                  variant="ghost"
                  size="icon-sm"
                  aria-label={`Mover coluna ${column.name} para a direita`}
                  disabled={index === columns.length - 1 || update.isPending}
                  onClick={() => shift(index, 1)}
                >
                  <ArrowRightIcon aria-hidden="true" />
                </Button>
                <Button
                  variant="ghost"
                  size="icon-sm"
                  aria-label={`Editar coluna ${column.name}`}
                  onClick={() => setEditing(column.id)}
                >
                  <PencilIcon aria-hidden="true" />
                </Button>
                <DeleteColumn boardId={boardId} column={column} columns={columns} />
              </div>
            </div>
            {editing === column.id ? (
              <ColumnForm boardId={boardId} column={column} onDone={() => setEditing(null)} />
            ) : null}
          </li>
        ))}
      </ol>
      {editing === 'new' ? (
        <ColumnForm boardId={boardId} onDone={() => setEditing(null)} />
      ) : (
        <Button variant="secondary" className="self-start" onClick={() => setEditing('new')}>
          <PlusIcon aria-hidden="true" />
          Nova coluna
        </Button>
      )}
    </div>
  );
}

// ---------------------------------------------------------------- labels

const LABEL_FIELDS = ['name', 'color', 'board_id', 'parent_id'] as const;

function LabelForm({ view, label, onDone }: { view: TaskBoardView; label?: TaskLabel; onDone: () => void }) {
  const create = useCreateTaskLabel();
  const update = useUpdateTaskLabel();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(createTaskLabelSchema),
    defaultValues: {
      name: label?.name ?? '',
      color: label?.color ?? 'gray',
      board_id: label ? label.board_id : view.board.id,
      parent_id: label?.parent_id ?? null,
    },
  });
  const scope = watch('board_id') ?? null;
  // A parent is global or of the same board, and never the label itself.
  const parents = view.labels.filter(
    (item) => item.id !== label?.id && (item.board_id === null || item.board_id === scope),
  );
  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      if (label)
        await update.mutateAsync({
          labelId: label.id,
          changes: { name: values.name, color: values.color, parent_id: values.parent_id ?? null },
        });
      else await create.mutateAsync(values);
      toast.success(label ? 'Etiqueta atualizada.' : 'Etiqueta criada.');
      onDone();
    } catch (error) {
      setFailure(showServerErrors(error, LABEL_FIELDS, setError, 'Não foi possível salvar a etiqueta.'));
    }
  });
  return (
    <form
      noValidate
      aria-label={label ? `Editar etiqueta ${label.name}` : 'Nova etiqueta'}
      onSubmit={(event) => void onSubmit(event)}
      className="grid gap-3 rounded-lg border p-3 sm:grid-cols-2"
    >
      <Field required className="sm:col-span-2">
        <FieldLabel>Nome da etiqueta</FieldLabel>
        <Input autoFocus autoComplete="off" maxLength={60} {...register('name')} />
        <FieldError>{errors.name?.message}</FieldError>
      </Field>
      <Controller
        control={control}
        name="color"
        render={({ field }) => (
          <Field>
            <FieldLabel>Cor</FieldLabel>
            <ColorSelect value={field.value ?? 'gray'} onChange={field.onChange} />
          </Field>
        )}
      />
      <Controller
        control={control}
        name="board_id"
        render={({ field }) => (
          <Field>
            <FieldLabel>Onde vale</FieldLabel>
            <Select
              disabled={!!label}
              value={field.value === null || field.value === undefined ? GLOBAL : String(field.value)}
              onValueChange={(value) => field.onChange(value === GLOBAL ? null : Number(value))}
            >
              <SelectTrigger>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={String(view.board.id)}>Só neste quadro</SelectItem>
                <SelectItem value={GLOBAL}>Todos os quadros (global)</SelectItem>
              </SelectContent>
            </Select>
            {label ? <FieldHint>Onde a etiqueta vale não muda depois de criada.</FieldHint> : null}
          </Field>
        )}
      />
      <Controller
        control={control}
        name="parent_id"
        render={({ field, fieldState }) => (
          <Field className="sm:col-span-2">
            <FieldLabel>Etiqueta mãe</FieldLabel>
            <Select
              value={field.value ? String(field.value) : NONE}
              onValueChange={(value) => field.onChange(value === NONE ? null : Number(value))}
            >
              <SelectTrigger>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={NONE}>Nenhuma</SelectItem>
                {parents.map((item) => (
                  <SelectItem key={item.id} value={String(item.id)}>
                    {item.name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <FieldError>{fieldState.error?.message}</FieldError>
          </Field>
        )}
      />
      {failure ? (
        <p role="alert" className="text-sm text-destructive sm:col-span-2">
          {failure}
        </p>
      ) : null}
      <div className="flex justify-end gap-2 sm:col-span-2">
        <Button type="button" variant="outline" onClick={onDone}>
          Cancelar
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {label ? 'Salvar etiqueta' : 'Criar etiqueta'}
        </Button>
      </div>
    </form>
  );
}

function LabelsTab({ view }: { view: TaskBoardView }) {
  const remove = useDeleteTaskLabel();
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const byId = new Map(view.labels.map((label) => [label.id, label]));
  return (
    <div className="flex flex-col gap-3">
      {view.labels.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nenhuma etiqueta ainda.</p>
      ) : (
        <ul aria-label="Etiquetas" className="flex flex-col gap-2">
          {view.labels.map((label) => (
            <li key={label.id} className="flex flex-col gap-2">
              <div className="flex flex-wrap items-center gap-2 rounded-lg border px-3 py-2">
                <ColorSwatch color={label.color} />
                <span className="min-w-0 flex-1 truncate font-medium">
                  {label.parent_id && byId.get(label.parent_id)
                    ? `${byId.get(label.parent_id)!.name} › ${label.name}`
                    : label.name}
                </span>
                <span className="text-xs text-muted-foreground">
                  {label.board_id === null ? 'Global' : 'Deste quadro'}
                </span>
                <Button
                  variant="ghost"
                  size="icon-sm"
                  aria-label={`Editar etiqueta ${label.name}`}
                  onClick={() => setEditing(label.id)}
                >
                  <PencilIcon aria-hidden="true" />
                </Button>
                <ConfirmDialog
                  variant="destructive"
                  trigger={
                    <Button variant="ghost" size="icon-sm" aria-label={`Excluir etiqueta ${label.name}`}>
                      <Trash2Icon aria-hidden="true" />
                    </Button>
                  }
                  title={`Excluir a etiqueta ${label.name}?`}
                  description={
                    label.board_id === null
                      ? 'Ela sai de todas as tarefas de todos os quadros.'
                      : 'Ela sai de todas as tarefas deste quadro.'
                  }
                  confirmLabel="Excluir etiqueta"
                  onConfirm={async () => {
                    try {
                      await remove.mutateAsync(label.id);
                    } catch (error) {
                      throw new Error(failureMessage(error, 'Não foi possível excluir a etiqueta.'));
                    }
                    toast.success(`Etiqueta ${label.name} excluída.`);
                  }}
                />
              </div>
              {editing === label.id ? (
                <LabelForm view={view} label={label} onDone={() => setEditing(null)} />
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {editing === 'new' ? (
        <LabelForm view={view} onDone={() => setEditing(null)} />
      ) : (
        <Button variant="secondary" className="self-start" onClick={() => setEditing('new')}>
          <PlusIcon aria-hidden="true" />
          Nova etiqueta
        </Button>
      )}
    </div>
  );
}

// ---------------------------------------------------------------- templates

const TEMPLATE_FIELDS = ['template_key', 'column_id'] as const;

/** A template's task set (with its checklists) at the top of a column of this board. */
function TemplatesTab({ view }: { view: TaskBoardView }) {
  const apply = useApplyTaskTemplate(view.board.id);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    control,
    handleSubmit,
    setError,
    watch,
    formState: { isSubmitting },
  } = useForm({
    resolver: zodResolver(applyTaskTemplateSchema),
    defaultValues: {
      template_key: TASK_TEMPLATES[0]!.key,
      column_id: view.columns[0]?.id,
      company_id: view.board.company?.id ?? null,
      assignee_ids: [],
    },
  });
  const chosen = TASK_TEMPLATES.find((item) => item.key === watch('template_key'));
  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const { items } = await apply.mutateAsync(values);
      toast.success(
        `${items.length === 1 ? '1 tarefa criada' : `${items.length} tarefas criadas`} com o modelo ${chosen?.name ?? ''}.`,
      );
    } catch (error) {
      setFailure(showServerErrors(error, TEMPLATE_FIELDS, setError, 'Não foi possível aplicar o modelo.'));
    }
  });
  return (
    <form
      noValidate
      aria-label="Aplicar modelo"
      onSubmit={(event) => void onSubmit(event)}
      className="grid gap-3 sm:grid-cols-2"
    >
      <Controller
        control={control}
        name="template_key"
        render={({ field }) => (
          <Field>
            <FieldLabel>Modelo</FieldLabel>
            <Select value={field.value} onValueChange={field.onChange}>
              <SelectTrigger>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {TASK_TEMPLATES.map((item) => (
                  <SelectItem key={item.key} value={item.key}>
                    {item.name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </Field>
        )}
      />
      <Controller
        control={control}
        name="column_id"
        render={({ field, fieldState }) => (
          <Field>
            <FieldLabel>Coluna</FieldLabel>
            <Select
              value={field.value ? String(field.value) : ''}
              onValueChange={(value) => field.onChange(Number(value))}
            >
              <SelectTrigger>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {view.columns.map((column) => (
                  <SelectItem key={column.id} value={String(column.id)}>
                    {column.name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <FieldError>{fieldState.error?.message}</FieldError>
          </Field>
        )}
      />
      {chosen ? (
        <div className="text-sm sm:col-span-2">
          <p className="text-muted-foreground">{chosen.description}</p>
          <ul aria-label={`Tarefas do modelo ${chosen.name}`} className="mt-2 list-disc pl-5">
            {chosen.tasks.map((task) => (
              <li key={task.title}>
                {task.title}
                {task.checklist.length ? ` (${task.checklist.length} itens de checklist)` : ''}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {failure ? (
        <p role="alert" className="text-sm text-destructive sm:col-span-2">
          {failure}
        </p>
      ) : null}
      <div className="flex justify-end sm:col-span-2">
        <Button type="submit" disabled={isSubmitting || view.columns.length === 0}>
          Aplicar modelo
        </Button>
      </div>
    </form>
  );
}

/** The board's columns, labels and templates, for whoever manages tasks. */
export function BoardSettingsDialog({
  view,
  open,
  onOpenChange,
}: {
  view: TaskBoardView;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Configurar quadro</DialogTitle>
          <DialogDescription>Colunas, etiquetas e modelos de {view.board.name}.</DialogDescription>
        </DialogHeader>
        <Tabs defaultValue="colunas">
          <TabsList>
            <TabsTrigger value="colunas">Colunas</TabsTrigger>
            <TabsTrigger value="etiquetas">Etiquetas</TabsTrigger>
            <TabsTrigger value="modelos">Modelos</TabsTrigger>
          </TabsList>
          <TabsContent value="colunas" className="pt-3">
            <ColumnsTab view={view} />
          </TabsContent>
          <TabsContent value="etiquetas" className="pt-3">
            <LabelsTab view={view} />
          </TabsContent>
          <TabsContent value="modelos" className="pt-3">
            <TemplatesTab view={view} />
          </TabsContent>
        </Tabs>
      </DialogContent>
    </Dialog>
  );
}
