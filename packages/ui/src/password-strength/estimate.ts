/** A password's estimated strength: 0 (guessed at once) to 4 (very hard), from zxcvbn-ts, offline. */
export type PasswordScore = 0 | 1 | 2 | 3 | 4;

export type PasswordEstimator = (password: string, userInputs?: readonly string[]) => PasswordScore;

let loading: Promise<PasswordEstimator> | null = null;

/**
 * Loads the estimator on first use (its dictionaries are ~700 KB, so they are a chunk of their own, fetched
 * when a password form opens, never with the sign-in page).
 */
export const loadPasswordEstimator = (): Promise<PasswordEstimator> =>
  (loading ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]).then(
    ([core, common]) => {
      const factory = new core.ZxcvbnFactory({
        dictionary: { ...common.dictionary },
        graphs: common.adjacencyGraphs,
      });
      return (password, userInputs = []) => factory.check(password, [...userInputs]).score as PasswordScore;
    },
  ));

export const PASSWORD_SCORE_LABELS: Record<PasswordScore, string> = {
  0: 'Muito fraca',
  1: 'Fraca',
  2: 'Razoável',
  3: 'Boa',
  4: 'Forte',
};
