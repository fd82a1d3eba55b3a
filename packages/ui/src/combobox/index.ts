export { Combobox, comboboxVariants } from './combobox';
export type { ComboboxProps, ComboboxSingleProps, ComboboxMultipleProps } from './combobox';
export { normalizeSearchText, optionMatches } from './combobox-options';
export type { ComboboxOption } from './combobox-options';
export type { ComboboxFilter } from './use-combobox';
