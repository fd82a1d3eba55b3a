import { cva } from 'class-variance-authority';
import { useEffect, useId, useState } from 'react';
import type * as React from 'react';
import { cn } from '../lib/cn';
import { loadPasswordEstimator, PASSWORD_SCORE_LABELS, type PasswordScore } from './estimate';

const barVariants = cva('h-1.5 flex-1 rounded-full transition-colors', {
  variants: {
    tone: {
      empty: 'bg-muted',
      weak: 'bg-destructive',
      fair: 'bg-amber-500',
      good: 'bg-emerald-500',
    },
  },
  defaultVariants: { tone: 'empty' },
});

const toneOf = (score: PasswordScore): 'weak' | 'fair' | 'good' =>
  score <= 1 ? 'weak' : score === 2 ? 'fair' : 'good';

export type PasswordStrengthProps = Omit<React.ComponentProps<'div'>, 'children'> & {
  password: string;
  /** Words the person's password should not lean on (their name, e-mail): they lower the score. */
  userInputs?: readonly string[];
  /** Shorter passwords read as too short whatever their score (default 10). */
  minLength?: number;
};

/**
 * A password's strength as a meter and a word (Muito fraca … Forte), estimated offline by zxcvbn-ts. The
 * estimator loads the first time a password is typed, so forms that show the meter carry none of its
 * dictionaries in their own code. A guide for the person; the server's policy decides.
 */
export function PasswordStrength({
  password,
  userInputs = [],
  minLength = 10,
  className,
  ...props
}: PasswordStrengthProps) {
  const [score, setScore] = useState<PasswordScore | null>(null);
  const labelId = useId();
  const inputsKey = userInputs.join('\u0000');

  useEffect(() => {
    if (!password) {
      setScore(null);
      return;
    }
    let current = true;
    void loadPasswordEstimator().then((estimate) => {
      if (current) setScore(estimate(password, inputsKey ? inputsKey.split('\u0000') : []));
    });
    return () => {
      current = false;
    };
  }, [password, inputsKey]);

  const tooShort = password.length > 0 && password.length < minLength;
  const shown: PasswordScore | null = password ? (tooShort ? 0 : score) : null;
  const text =
    shown === null
      ? password
        ? 'Avaliando…'
        : `Use pelo menos ${minLength} caracteres; uma frase é mais fácil de lembrar.`
      : tooShort
        ? `Muito curta: faltam ${minLength - password.length} caracteres`
        : PASSWORD_SCORE_LABELS[shown];

  return (
    <div
      data-slot="password-strength"
      data-state={shown === null ? 'empty' : toneOf(shown)}
      className={cn('flex flex-col gap-1', className)}
      {...props}
    >
      <div
        role="meter"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={4}
        aria-valuenow={shown ?? 0}
        aria-valuetext={text}
        className="flex gap-1"
      >
        {[0, 1, 2, 3].map((bar) => (
          <span
            key={bar}
            aria-hidden="true"
            className={barVariants({ tone: shown !== null && shown > bar ? toneOf(shown) : 'empty' })}
          />
        ))}
      </div>
      <p id={labelId} className="text-muted-foreground text-xs" aria-live="polite">
        <span className="sr-only">Força da senha: </span>
        {text}
      </p>
    </div>
  );
}
