import { cva } from 'class-variance-authority';

export const fieldVariants = cva('group/field flex gap-1.5', {
  variants: {
    orientation: {
      /** Label above the control, hint and error below (text inputs, selects). */
      vertical: 'flex-col',
      /** Control beside its label (checkbox, switch). */
      horizontal:
        'flex-row flex-wrap items-center gap-x-2.5 [&>[data-slot=field-hint]]:basis-full [&>[data-slot=field-error]]:basis-full',
    },
  },
  defaultVariants: { orientation: 'vertical' },
});
