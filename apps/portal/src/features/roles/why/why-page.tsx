import { ROUTES, isApiError, matchRoute } from '@farol/data';
import type { WhyQuery, WhyTarget } from '@farol/data/contract';
import { useWhy } from '@farol/data/roles';
import { useUsers } from '@farol/data/users';
import {
  Badge,
  Breadcrumbs,
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  EmptyState,
  Field,
  FieldError,
  FieldHint,
  FieldLabel,
  Input,
  PageHeader,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  Skeleton,
} from '@farol/ui';
import {
  CheckCircle2Icon,
  CircleDashedIcon,
  HelpCircleIcon,
  ShieldAlertIcon,
  XCircleIcon,
} from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { failureMessage } from '../../../lib/form-errors';
import { renderRouterLink } from '../../../lib/router-link';

const TARGETS: { value: WhyTarget; label: string; hint: string }[] = [
  { value: 'route', label: 'Tela', hint: 'O caminho da tela, por exemplo /support ou /companies/12.' },
  { value: 'ticket', label: 'Chamado', hint: 'O número interno (id) do chamado.' },
  { value: 'company', label: 'Empresa', hint: 'O id da empresa.' },
  { value: 'task', label: 'Tarefa', hint: 'O id da tarefa.' },
];

/** The screens a person can be asked about (the route table's, without the sign-in pages). */
const SCREENS = ROUTES.filter((route) => route.area !== 'public').map((route) => route.path);

/** What the portal's route table says a screen needs, sent with the question (the server has no screens). */
export function screenRuleOf(path: string): Pick<WhyQuery, 'area' | 'permission'> {
  const match = matchRoute(path);
  if (!match) return {};
  return {
    area: match.route.area,
    ...(match.route.permission ? { permission: match.route.permission } : {}),
  };
}

const parseId = (value: string | null) => (value && /^\d{1,9}$/.test(value) ? Number(value) : null);

function StepIcon({ ok }: { ok: boolean | null }) {
  if (ok === null)
    return <CircleDashedIcon aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />;
  return ok ? (
    <CheckCircle2Icon aria-hidden="true" className="size-5 shrink-0 text-emerald-600 dark:text-emerald-400" />
  ) : (
    <XCircleIcon aria-hidden="true" className="size-5 shrink-0 text-destructive" />
  );
}

/**
 * /user-management/why — "Por que ele vê isso?": pick a person and a screen or a record (chamado, empresa,
 * tarefa); the server answers the decision chain it applies itself: conta → função → permissão → escopo de
 * empresas → resultado.
 */
export function WhyPage() {
  const [search, setSearch] = useSearchParams();
  const [personQuery, setPersonQuery] = useState('');
  const people = useUsers({ q: personQuery || undefined, limit: 50 });
  const userId = parseId(search.get('user'));
  const target = (TARGETS.find((item) => item.value === search.get('target'))?.value ?? 'route') as WhyTarget;
  const value = search.get('value') ?? '';
  const [draftTarget, setDraftTarget] = useState<WhyTarget>(target);
  const [draftValue, setDraftValue] = useState(value);
  const [draftUser, setDraftUser] = useState(userId === null ? '' : String(userId));
  const [error, setError] = useState<string | null>(null);

  const query: WhyQuery | null =
    userId !== null && value
      ? { user_id: userId, target, value, ...(target === 'route' ? screenRuleOf(value) : {}) }
      : null;
  const why = useWhy(query);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!draftUser) return setError('Escolha uma pessoa');
    const trimmed = draftValue.trim();
    if (!trimmed)
      return setError(draftTarget === 'route' ? 'Escolha uma tela' : 'Informe o número do registro');
    if (draftTarget === 'route' && !trimmed.startsWith('/')) return setError('A tela deve começar com /');
    if (draftTarget !== 'route' && !/^[1-9]\d{0,9}$/.test(trimmed))
      return setError('Informe o número do registro');
    setError(null);
    setSearch({ user: draftUser, target: draftTarget, value: trimmed });
  };

  const forbidden = isApiError(people.error) && people.error.status === 403;
  const targetInfo = TARGETS.find((item) => item.value === draftTarget)!;

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4">
      <Breadcrumbs
        items={[{ label: 'Gerenciar Usuários', href: '/user-management' }, { label: 'Por que ele vê isso?' }]}
        renderLink={renderRouterLink}
      />
      <PageHeader
        title="Por que ele vê isso?"
        description="Escolha uma pessoa e uma tela ou registro: veja a cadeia de decisão — função, permissão, escopo de empresas e resultado."
      />
      {forbidden ? (
        <EmptyState
          role="alert"
          border="dashed"
          icon={<ShieldAlertIcon />}
          title="Você não tem permissão para ver os acessos das pessoas"
          description="Peça a um administrador a permissão Gerenciar usuários."
        />
      ) : (
        <Card>
          <CardContent className="pt-6">
            <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2" aria-label="Pergunta">
              <Field className="sm:col-span-2">
                <FieldLabel>Buscar pessoa</FieldLabel>
                <Input
                  type="search"
                  value={personQuery}
                  onChange={(event) => setPersonQuery(event.target.value)}
                  placeholder="Nome ou e-mail"
                />
              </Field>
              <Field required>
                <FieldLabel>Pessoa</FieldLabel>
                <Select value={draftUser} onValueChange={setDraftUser}>
                  <SelectTrigger>
                    <SelectValue placeholder="Escolha uma pessoa" />
                  </SelectTrigger>
                  <SelectContent>
                    {(people.data?.items ?? []).map((person) => (
                      <SelectItem key={person.id} value={String(person.id)}>
                        {person.name}
                        {person.company_name ? ` — ${person.company_name}` : ''}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </Field>
              <Field required>
                <FieldLabel>O quê</FieldLabel>
                <Select
                  value={draftTarget}
                  onValueChange={(next) => {
                    setDraftTarget(next as WhyTarget);
                    setDraftValue('');
                  }}
                >
                  <SelectTrigger>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {TARGETS.map((item) => (
                      <SelectItem key={item.value} value={item.value}>
                        {item.label}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </Field>
              <Field required invalid={error !== null} className="sm:col-span-2">
                <FieldLabel>
                  {draftTarget === 'route' ? 'Tela' : `Número (${targetInfo.label.toLowerCase()})`}
                </FieldLabel>
                <Input
                  value={draftValue}
                  onChange={(event) => setDraftValue(event.target.value)}
                  list={draftTarget === 'route' ? 'why-screens' : undefined}
                  inputMode={draftTarget === 'route' ? 'text' : 'numeric'}
                />
                {draftTarget === 'route' ? (
                  <datalist id="why-screens">
                    {SCREENS.map((path) => (
                      <option key={path} value={path} />
                    ))}
                  </datalist>
                ) : null}
                <FieldHint>{targetInfo.hint}</FieldHint>
                <FieldError>{error}</FieldError>
              </Field>
              <div className="flex justify-end sm:col-span-2">
                <Button type="submit">Explicar</Button>
              </div>
            </form>
          </CardContent>
        </Card>
      )}
      {query === null || forbidden ? null : why.isPending ? (
        <Skeleton className="h-48" role="status" aria-label="Explicando" />
      ) : why.isError ? (
        <EmptyState
          role="alert"
          border="dashed"
          icon={<HelpCircleIcon />}
          title="Não foi possível explicar."
          description={failureMessage(why.error, 'Tente novamente em instantes.')}
        />
      ) : (
        <Card aria-live="polite">
          <CardHeader>
            <CardTitle asChild className="flex flex-wrap items-center gap-2">
              <h2>
                {why.data.target.label}
                <Badge variant={why.data.allowed ? 'default' : 'destructive'}>
                  {why.data.allowed ? 'Vê' : 'Não vê'}
                </Badge>
              </h2>
            </CardTitle>
            <p className="text-sm text-muted-foreground">
              {why.data.user.name} · {why.data.user.role_name}
            </p>
          </CardHeader>
          <CardContent>
            <ol className="flex flex-col gap-3" aria-label="Cadeia de decisão">
              {why.data.steps.map((step, index) => (
                <li key={`${step.kind}-${index}`} className="flex gap-3">
                  <StepIcon ok={step.ok} />
                  <div className="flex min-w-0 flex-col">
                    <span className="font-medium">{step.title}</span>
                    <span className="break-words text-sm text-muted-foreground">{step.detail}</span>
                  </div>
                </li>
              ))}
            </ol>
            <p className="mt-4 font-semibold">{why.data.summary}</p>
          </CardContent>
        </Card>
      )}
    </div>
  );
}
