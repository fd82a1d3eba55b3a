/**
 * Offboarding's steps, as a registry any module adds to (issue 13): the accounts module runs them when a person
 * leaves — chamados and tarefas now, the vault's folders and the connections later — without importing those
 * modules, and they plug in without importing it: `registerOffboardingStep({...})` from the module's index.
 */
import type { Database } from '../db/database';

export interface OffboardingContext {
  /** The person leaving. */
  userId: number;
  userName: string;
  /** Who takes over what the step moves (null when nobody was chosen: then the step must have nothing to move). */
  assigneeId: number | null;
  assigneeName: string | null;
  /** Who runs the offboarding. */
  actorId: number;
}

export interface OffboardingStepDefinition {
  /** Stable id ('chamados'), the order key with `order`. */
  id: string;
  /** pt-BR label shown in the wizard ('Chamados abertos'). */
  label: string;
  order: number;
  /** Whether it moves things to the chosen person (then one must be chosen when `count` > 0). */
  reassigns: boolean;
  /** What there is, inside the offboarding's transaction: a count and a pt-BR sentence. */
  preview(tx: Database, userId: number): Promise<{ count: number; summary: string }>;
  /** Does it inside the offboarding's transaction; answers what was done in a pt-BR sentence. */
  run(tx: Database, context: OffboardingContext): Promise<string>;
}

const steps = new Map<string, OffboardingStepDefinition>();

/** Adds (or replaces, by id) a step. */
export const registerOffboardingStep = (step: OffboardingStepDefinition) => {
  steps.set(step.id, step);
};

/** Every step in order. */
export const offboardingSteps = (): OffboardingStepDefinition[] =>
  [...steps.values()].sort((a, b) => a.order - b.order || a.id.localeCompare(b.id));
