import { expect, test, type Page } from '@playwright/test';
import { apiAs, newClient, uniqueTag } from './support/api';
import { newDollarQuote } from './support/quotes';
import { officeNoon } from './support/office-clock';
import { signInAs } from './support/sign-in';

// Consequential actions ask first, on a desktop and on a phone: deleting a task, a lead or an appointment and
// closing a process open a question with Cancelar and Confirmar; Cancelar changes nothing (the database still
// holds the row as it was), Confirmar does it. Every row here is created here.
const ADMIN = 'admin@escritorio.test';
const ADMIN_ID = '10000000-0000-4000-8000-000000000001';
const MARIA = 'maria.silva@cliente.test';
const VIEWPORTS = [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 375, height: 800 }],
] as const;

/** The question opened by the action: Cancelar first (nothing happens), then the action again and Confirmar. */
async function cancelThenConfirm(
  page: Page,
  act: () => Promise<void>,
  title: string | RegExp,
  stillThere: () => Promise<void>,
  says?: string,
) {
  await act();
  const question = page.getByRole('alertdialog', { name: title });
  await expect(question).toBeVisible();
  if (says) await expect(question).toContainText(says);
  await expect(question.getByRole('button', { name: 'Confirmar' })).toBeVisible();
  await question.getByRole('button', { name: 'Cancelar' }).click();
  await expect(question).toBeHidden();
  await stillThere();
  await act();
  await question.getByRole('button', { name: 'Confirmar' }).click();
  await expect(question).toBeHidden();
}

async function rows(page: Page, path: string): Promise<unknown[]> {
  return (await apiAs(page, ADMIN, 'GET', path)) as unknown[];
}

for (const [label, viewport] of VIEWPORTS) {
  test(`${label}: deleting a task and a lead asks first; Cancelar keeps them`, async ({ browser }) => {
    test.setTimeout(120_000);
    const tag = uniqueTag();
    const page = await signInAs(browser, ADMIN, { context: { viewport } });

    // a task
    const taskTitle = `Tarefa confirmação ${tag}`;
    const [task] = (await apiAs(page, ADMIN, 'POST', 'tasks', { title: taskTitle, assignee_id: ADMIN_ID })) as {
      id: string;
    }[];
    await page.goto('/tarefas');
    const taskDialog = page.getByRole('dialog', { name: 'Editar tarefa' });
    await cancelThenConfirm(
      page,
      async () => {
        if (!(await taskDialog.isVisible())) {
          await page.getByRole('row').filter({ hasText: taskTitle }).getByRole('button', { name: taskTitle }).click();
        }
        await taskDialog.getByRole('button', { name: 'Excluir' }).click();
      },
      'Excluir tarefa?',
      async () => {
        await expect(taskDialog).toBeVisible();
        expect(await rows(page, `tasks?id=eq.${task!.id}&select=id`)).toHaveLength(1);
      },
    );
    await expect(page.getByText('Tarefa excluída')).toBeVisible();
    await expect.poll(() => rows(page, `tasks?id=eq.${task!.id}&select=id`)).toHaveLength(0);

    // a lead
    const leadName = `Lead confirmação ${tag}`;
    const [lead] = (await apiAs(page, ADMIN, 'POST', 'leads', { name: leadName, source: 'instagram' })) as {
      id: string;
    }[];
    await page.goto('/crm');
    const leadDialog = page.getByRole('dialog', { name: leadName });
    await cancelThenConfirm(
      page,
      async () => {
        if (!(await leadDialog.isVisible()))
          await page.locator(`[data-lead="${leadName}"]`).getByText(leadName).click();
        await leadDialog.getByRole('button', { name: 'Excluir' }).click();
      },
      'Excluir lead?',
      async () => {
        await expect(leadDialog).toBeVisible();
        expect(await rows(page, `leads?id=eq.${lead!.id}&select=id`)).toHaveLength(1);
      },
    );
    await expect(page.getByText('Lead excluído')).toBeVisible();
    await expect.poll(() => rows(page, `leads?id=eq.${lead!.id}&select=id`)).toHaveLength(0);
    await page.context().close();
  });

  test(`${label}: closing a process says the client will see it; deleting an appointment asks first`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const tag = uniqueTag();
    const page = await signInAs(browser, ADMIN, { context: { viewport } });
    const clientName = `Cliente Confirmação ${tag}`;
    const clientId = await newClient(page, clientName, `confirmacao.${tag}@cliente.test`, `Senha-${tag}`);

    // closing a process
    const [process] = (await apiAs(page, ADMIN, 'POST', 'processes', {
      client_id: clientId,
      type: 'Asilo (I-589)',
    })) as { id: number }[];
    await page.goto(`/processos/${process!.id}`);
    await cancelThenConfirm(
      page,
      () => page.getByRole('button', { name: 'Encerrar processo' }).click(),
      `Encerrar o processo nº ${process!.id}?`,
      async () => {
        await expect(page.getByRole('button', { name: 'Encerrar processo' })).toBeVisible();
        expect(await rows(page, `processes?id=eq.${process!.id}&select=status`)).toEqual([{ status: 'em andamento' }]);
      },
    );
    await expect(page.getByText('Processo encerrado')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reabrir processo' })).toBeVisible();

    // deleting an appointment
    const title = `Consulta confirmação ${tag}`;
    // a week from the office's today: in the list of the office's next week, whatever today is
    const startsAt = officeNoon(7);
    const [appointment] = (await apiAs(page, ADMIN, 'POST', 'appointments', {
      client_id: clientId,
      staff_id: ADMIN_ID,
      title,
      starts_at: startsAt.toISOString(),
    })) as { id: string }[];
    await page.goto('/agendamentos');
    await page.getByRole('button', { name: 'Lista' }).click();
    await page.getByRole('button', { name: 'Próximo' }).click();
    const appointmentDialog = page.getByRole('dialog', { name: 'Editar agendamento' });
    await cancelThenConfirm(
      page,
      async () => {
        if (!(await appointmentDialog.isVisible())) await page.getByText(`${title} — ${clientName}`).first().click();
        await appointmentDialog.getByRole('button', { name: 'Excluir' }).click();
      },
      'Excluir agendamento?',
      async () => {
        await expect(appointmentDialog).toBeVisible();
        expect(await rows(page, `appointments?id=eq.${appointment!.id}&select=id`)).toHaveLength(1);
      },
    );
    await expect(page.getByText('Agendamento excluído')).toBeVisible();
    await expect.poll(() => rows(page, `appointments?id=eq.${appointment!.id}&select=id`)).toHaveLength(0);
    await page.context().close();
  });
}

for (const [label, viewport] of VIEWPORTS) {
  test(`${label}: the client's decline of a quote in the portal asks first`, async ({ browser }) => {
    test.setTimeout(120_000);
    const title = `Orçamento confirmação ${uniqueTag()}`;
    const staff = await signInAs(browser, ADMIN);
    const editor = await newDollarQuote(staff, title, 'Honorários confirmação');
    // removing a line asks too; Cancelar keeps it
    await editor.getByRole('button', { name: 'Remover Honorários confirmação' }).click();
    const removal = staff.getByRole('alertdialog', { name: 'Remover item?' });
    await removal.getByRole('button', { name: 'Cancelar' }).click();
    await expect(removal).toBeHidden();
    await expect(editor.getByTestId('quote-total')).toHaveText('US$ 1.000,00');
    await editor.getByRole('button', { name: 'Enviar ao cliente' }).click();
    await expect(staff.getByText('Orçamento enviado ao cliente')).toBeVisible();
    await staff.context().close();

    const maria = await signInAs(browser, MARIA, { landing: /\/cliente$/, context: { viewport } });
    await maria.goto('/cliente/financeiro');
    await maria.getByRole('tab', { name: 'Orçamentos' }).click();
    const card = maria.getByTestId('finance-card').filter({ hasText: title });
    await cancelThenConfirm(
      maria,
      () => card.getByRole('button', { name: 'Recusar' }).click(),
      'Recusar o orçamento?',
      async () => {
        await expect(card.getByRole('button', { name: 'Recusar' })).toBeVisible();
        expect(
          await apiAs(maria, MARIA, 'GET', `financial_quotes?title=eq.${encodeURIComponent(title)}&select=status`),
        ).toEqual([{ status: 'sent' }]);
      },
      `${title} (US$ 1.000,00)`,
    );
    await expect(maria.getByText('Orçamento recusado', { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Recusar' })).toHaveCount(0);
    await maria.context().close();
  });
}
