import { zodResolver } from '@hookform/resolvers/zod';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Controller, useForm } from 'react-hook-form';
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test';
import { z } from 'zod';
import {
  Button,
  Checkbox,
  Combobox,
  Field,
  FieldError,
  FieldHint,
  FieldLabel,
  Input,
  Select,
  SelectTrigger,
  SelectValue,
} from '@farol/ui';
import { COMPANIES, UfSelectContent } from './field-fixtures';

// In the app this schema comes from @farol/data/contract, shared with the server.
const contactSchema = z.object({
  name: z.string().trim().min(3, 'Informe o nome completo'),
  email: z.email('E-mail inválido'),
  uf: z.enum(['SP', 'RJ', 'MG', 'PR', 'RS'], { error: 'Escolha a UF' }),
  companyId: z.string({ error: 'Escolha a empresa' }).min(1, 'Escolha a empresa'),
  notify: z.boolean(),
});
type ContactForm = z.infer<typeof contactSchema>;

/** A form built as the modules build theirs: react-hook-form, a zod schema, the kit's Field and controls. */
function ContactFormExample({ onSubmit }: { onSubmit: (values: ContactForm) => void }) {
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ContactForm>({
    resolver: zodResolver(contactSchema),
    defaultValues: { name: '', email: '', notify: true },
  });
  return (
    <form
      noValidate
      onSubmit={handleSubmit(onSubmit)}
      aria-label="Novo contato"
      className="grid max-w-md gap-4"
    >
      <Field required>
        <FieldLabel>Nome</FieldLabel>
        <Input autoComplete="name" {...register('name')} />
        <FieldError>{errors.name?.message}</FieldError>
      </Field>
      <Field required>
        <FieldLabel>E-mail</FieldLabel>
        <Input type="email" autoComplete="email" {...register('email')} />
        <FieldHint>Recebe as notificações dos chamados.</FieldHint>
        <FieldError>{errors.email?.message}</FieldError>
      </Field>
      <Controller
        control={control}
        name="uf"
        render={({ field, fieldState }) => (
          <Field required>
            <FieldLabel>UF</FieldLabel>
            <Select name={field.name} value={field.value ?? ''} onValueChange={field.onChange}>
              <SelectTrigger ref={field.ref} onBlur={field.onBlur}>
                <SelectValue />
              </SelectTrigger>
              <UfSelectContent />
            </Select>
            <FieldError>{fieldState.error?.message}</FieldError>
          </Field>
        )}
      />
      <Controller
        control={control}
        name="companyId"
        render={({ field, fieldState }) => (
          <Field required>
            <FieldLabel>Empresa</FieldLabel>
            <Combobox
              ref={field.ref}
              options={COMPANIES}
              value={field.value ?? null}
              onValueChange={(value) => field.onChange(value ?? '')}
              onBlur={field.onBlur}
            />
            <FieldError>{fieldState.error?.message}</FieldError>
          </Field>
        )}
      />
      <Controller
        control={control}
        name="notify"
        render={({ field }) => (
          <Field orientation="horizontal">
            <Checkbox
              ref={field.ref}
              checked={field.value}
              onCheckedChange={(checked) => field.onChange(checked === true)}
            />
            <FieldLabel>Avisar por e-mail</FieldLabel>
          </Field>
        )}
      />
      <div>
        <Button type="submit" disabled={isSubmitting}>
          Salvar contato
        </Button>
      </div>
    </form>
  );
}

const meta = {
  title: 'UI/Forms/Field/With react-hook-form',
  component: ContactFormExample,
  tags: ['autodocs'],
  args: { onSubmit: fn() },
  parameters: {
    layout: 'padded',
    docs: {
      description: {
        component:
          'Um formulário de contato com react-hook-form e zod: cada erro aparece abaixo do seu campo, e o foco vai para o primeiro campo inválido.',
      },
    },
  },
} satisfies Meta<typeof ContactFormExample>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Enviar vazio mostra a mensagem de cada campo abaixo dele e põe o foco no primeiro campo inválido. */
export const ShowsErrorsUnderFields: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Salvar contato' }));
    const name = canvas.getByRole('textbox', { name: 'Nome' });
    await waitFor(() => expect(name).toBeInvalid());
    await expect(name).toHaveAccessibleDescription('Informe o nome completo');
    await expect(name).toHaveFocus();
    await expect(canvas.getByRole('textbox', { name: 'E-mail' })).toHaveAccessibleDescription(
      'E-mail inválido Recebe as notificações dos chamados.',
    );
    await expect(canvas.getByRole('combobox', { name: 'UF' })).toHaveAccessibleDescription('Escolha a UF');
    await expect(canvas.getByRole('combobox', { name: 'Empresa' })).toHaveAccessibleDescription(
      'Escolha a empresa',
    );
    await expect(args.onSubmit).not.toHaveBeenCalled();
    // Fixing a field clears its error on the next check.
    await userEvent.type(name, 'Ana Lima');
    await userEvent.click(canvas.getByRole('button', { name: 'Salvar contato' }));
    await waitFor(() => expect(name).not.toBeInvalid());
    await expect(canvas.queryByText('Informe o nome completo')).toBeNull();
  },
};

export const SubmitsValidValues: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: 'Nome' }), 'Ana Lima');
    await userEvent.type(canvas.getByRole('textbox', { name: 'E-mail' }), 'ana@acme.com.br');
    await userEvent.click(canvas.getByRole('combobox', { name: 'UF' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Minas Gerais' }));
    const company = canvas.getByRole('combobox', { name: 'Empresa' });
    await userEvent.type(company, 'globex');
    await userEvent.keyboard('{Enter}');
    await expect(company).toHaveValue('Globex Comércio S.A.');
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Avisar por e-mail' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Salvar contato' }));
    await waitFor(() => expect(args.onSubmit).toHaveBeenCalledOnce());
    await expect(args.onSubmit).toHaveBeenCalledWith(
      { name: 'Ana Lima', email: 'ana@acme.com.br', uf: 'MG', companyId: '2', notify: false },
      expect.anything(),
    );
  },
};
