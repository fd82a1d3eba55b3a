import {
  GENERATOR_MAX_LENGTH,
  GENERATOR_MIN_LENGTH,
  passphrase,
  passwordStrength,
  pronounceablePassword,
  randomPassword,
  type Charset,
} from '@farol/data/passwords';
import { Button, Checkbox, Field, FieldLabel, Input, RadioGroup, RadioGroupItem } from '@farol/ui';
import { RefreshCwIcon } from 'lucide-react';
import { useId, useState } from 'react';

type Mode = 'aleatoria' | 'pronunciavel' | 'frase';

const SET_LABELS: Record<Charset, string> = {
  lower: 'Minúsculas',
  upper: 'Maiúsculas',
  digits: 'Números',
  symbols: 'Símbolos',
};

const STRENGTH_COLORS = [
  'bg-destructive',
  'bg-destructive',
  'bg-amber-500',
  'bg-emerald-600',
  'bg-emerald-500',
];

/** The offline strength of a value: a bar, its label and what to fix. */
export function StrengthMeter({ value }: { value: string }) {
  const strength = passwordStrength(value);
  return (
    <div className="flex flex-col gap-1" data-score={strength.score}>
      <div
        role="meter"
        aria-label="Força da senha"
        aria-valuemin={0}
        aria-valuemax={4}
        aria-valuenow={strength.score}
        aria-valuetext={strength.label}
        className="flex h-1.5 gap-1"
      >
        {[0, 1, 2, 3].map((step) => (
          <span
            key={step}
            className={`h-full flex-1 rounded-full ${value && strength.score > step ? STRENGTH_COLORS[strength.score] : 'bg-muted'}`}
          />
        ))}
      </div>
      <p className="text-xs text-muted-foreground">
        Força: {strength.label}
        {value ? ` (~${strength.bits} bits)` : ''}
        {strength.hints.length ? ` — ${strength.hints.join('; ')}` : ''}
      </p>
    </div>
  );
}

/** Makes a password with the platform's CSPRNG and hands it to `onUse`. */
export function GeneratorPanel({ onUse }: { onUse: (value: string) => void }) {
  const id = useId();
  const [mode, setMode] = useState<Mode>('aleatoria');
  const [length, setLength] = useState(20);
  const [words, setWords] = useState(5);
  const [sets, setSets] = useState<Charset[]>(['lower', 'upper', 'digits', 'symbols']);
  const make = () =>
    mode === 'frase'
      ? passphrase({ words, separator: '-', capitalize: true, number: true })
      : mode === 'pronunciavel'
        ? pronounceablePassword(length)
        : randomPassword({ length, sets });
  const [value, setValue] = useState(make);

  return (
    <fieldset className="flex flex-col gap-3 rounded-md border p-3" aria-labelledby={`${id}-legend`}>
      <legend id={`${id}-legend`} className="px-1 text-sm font-medium">
        Gerador de senhas
      </legend>
      <RadioGroup
        aria-label="Tipo de senha"
        value={mode}
        onValueChange={(next) => {
          setMode(next as Mode);
        }}
        className="flex flex-wrap gap-4"
      >
        {(
          [
            ['aleatoria', 'Aleatória'],
            ['pronunciavel', 'Pronunciável'],
            ['frase', 'Frase em português'],
          ] as const
        ).map(([option, label]) => (
          <label key={option} className="flex items-center gap-2 text-sm">
            <RadioGroupItem value={option} />
            {label}
          </label>
        ))}
      </RadioGroup>
      {mode === 'frase' ? (
        <Field>
          <FieldLabel>Palavras</FieldLabel>
          <Input
            type="number"
            min={3}
            max={10}
            value={words}
            onChange={(event) => setWords(Math.min(10, Math.max(3, Number(event.target.value) || 3)))}
          />
        </Field>
      ) : (
        <Field>
          <FieldLabel>Tamanho</FieldLabel>
          <Input
            type="number"
            min={GENERATOR_MIN_LENGTH}
            max={GENERATOR_MAX_LENGTH}
            value={length}
            onChange={(event) =>
              setLength(
                Math.min(
                  GENERATOR_MAX_LENGTH,
                  Math.max(GENERATOR_MIN_LENGTH, Number(event.target.value) || GENERATOR_MIN_LENGTH),
                ),
              )
            }
          />
        </Field>
      )}
      {mode === 'aleatoria' ? (
        <div className="flex flex-wrap gap-4" role="group" aria-label="Caracteres">
          {(Object.keys(SET_LABELS) as Charset[]).map((set) => (
            <label key={set} className="flex items-center gap-2 text-sm">
              <Checkbox
                checked={sets.includes(set)}
                onCheckedChange={(checked) =>
                  setSets((current) =>
                    checked
                      ? [...current, set]
                      : current.length > 1
                        ? current.filter((entry) => entry !== set)
                        : current,
                  )
                }
              />
              {SET_LABELS[set]}
            </label>
          ))}
        </div>
      ) : null}
      <output
        aria-label="Senha gerada"
        className="rounded-md border bg-muted/40 px-3 py-2 font-mono text-sm break-all"
      >
        {value}
      </output>
      <StrengthMeter value={value} />
      <div className="flex flex-wrap gap-2">
        <Button type="button" size="sm" variant="outline" onClick={() => setValue(make())}>
          <RefreshCwIcon aria-hidden="true" />
          Gerar outra
        </Button>
        <Button type="button" size="sm" onClick={() => onUse(value)}>
          Usar esta senha
        </Button>
      </div>
    </fieldset>
  );
}
