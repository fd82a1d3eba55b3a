import { PERMISSION_REGISTRY, type PermissionKey } from '@farol/data/contract';
import { Badge, Checkbox, Field, FieldHint, FieldLabel } from '@farol/ui';
import { ShieldAlertIcon } from 'lucide-react';

const KEYS = Object.keys(PERMISSION_REGISTRY) as PermissionKey[];

/** The registry's keys grouped by category, in the registry's order of first appearance. */
export const PERMISSION_GROUPS: { category: string; keys: PermissionKey[] }[] = (() => {
  const groups = new Map<string, PermissionKey[]>();
  for (const key of KEYS) {
    const { category } = PERMISSION_REGISTRY[key];
    groups.set(category, [...(groups.get(category) ?? []), key]);
  }
  return [...groups].map(([category, keys]) => ({ category, keys }));
})();

export const permissionLabel = (key: string) =>
  (PERMISSION_REGISTRY as Record<string, { label: string } | undefined>)[key]?.label ?? key;

export interface PermissionChecklistProps {
  /** Names the checklist for assistive technology and scopes its ids. */
  idPrefix: string;
  value: readonly string[];
  onChange?: (next: string[]) => void;
  /** Keys held another way (the role's, on a person's extras): shown ticked and not editable. */
  inherited?: readonly string[];
  inheritedHint?: string;
  /** Keys the viewer may not grant (they do not hold them): shown, not editable. */
  ungrantable?: readonly string[];
  disabled?: boolean;
}

/**
 * The permission registry as the role editor shows it: one group per category, each key with its label,
 * description and key, sensitive ones flagged "Sensível".
 */
export function PermissionChecklist({
  idPrefix,
  value,
  onChange,
  inherited = [],
  inheritedHint = 'pela função',
  ungrantable = [],
  disabled = false,
}: PermissionChecklistProps) {
  const toggle = (key: string, checked: boolean) =>
    onChange?.(checked ? [...value.filter((k) => k !== key), key] : value.filter((k) => k !== key));
  return (
    <div className="flex flex-col gap-4">
      {PERMISSION_GROUPS.map((group) => (
        <fieldset key={group.category} className="flex flex-col gap-2 rounded-lg border border-border p-3">
          <legend className="px-1 text-sm font-semibold">{group.category}</legend>
          {group.keys.map((key) => {
            const definition = PERMISSION_REGISTRY[key];
            const fromRole = inherited.includes(key);
            const locked = disabled || fromRole || (ungrantable.includes(key) && !value.includes(key));
            return (
              // The box alone is disabled: a dimmed label would fall below the contrast the page needs.
              <Field
                key={key}
                orientation="horizontal"
                className="items-start gap-3"
                data-key={`${idPrefix}-${key}`}
              >
                <Checkbox
                  checked={fromRole || value.includes(key)}
                  disabled={locked}
                  onCheckedChange={(checked) => toggle(key, checked === true)}
                />
                <div className="flex min-w-0 flex-col gap-0.5">
                  <FieldLabel className="flex flex-wrap items-center gap-2">
                    {definition.label}
                    <code className="text-xs text-muted-foreground">{key}</code>
                    {definition.sensitive ? (
                      <Badge variant="destructive" className="gap-1">
                        <ShieldAlertIcon aria-hidden="true" className="size-3" />
                        Sensível
                      </Badge>
                    ) : null}
                    {fromRole ? <Badge variant="secondary">{inheritedHint}</Badge> : null}
                  </FieldLabel>
                  <FieldHint>
                    {definition.description}
                    {ungrantable.includes(key) && !fromRole
                      ? ' Você não tem esta permissão para concedê-la.'
                      : ''}
                  </FieldHint>
                </div>
              </Field>
            );
          })}
        </fieldset>
      ))}
    </div>
  );
}
